package dev.webhooker.routing;

import static dev.webhooker.routing.ConfigValidator.MAX_MATCH_LENGTH;

import java.util.List;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Size;

import dev.webhooker.routing.ConfigConstraints.CompilingRegex;
import dev.webhooker.routing.ConfigConstraints.OneOf;

/** One route filter: {@code type} is event, repo, actor, action, branch, label or keyword; {@code match} is OR'ed. */
public record Filter(
        @NotEmpty(message = "required (expected " + TYPES + ")")
        @OneOf(value = {"event", "repo", "actor", "action", "branch", "label", "keyword"}, message = "unknown type {value} (expected " + TYPES + ")")
        String type,
        @NotEmpty(message = "required: a pattern or a list of patterns")
        List<@NotBlank(message = "must not be blank")
             @Size(max = MAX_MATCH_LENGTH, message = "longer than " + MAX_MATCH_LENGTH + " characters")
             @CompilingRegex String> match,
        boolean exclude) {

    private static final String TYPES = "event, repo, actor, action, branch, label or keyword";

    public Filter {
        match = match == null ? List.of() : List.copyOf(match);
    }
}
