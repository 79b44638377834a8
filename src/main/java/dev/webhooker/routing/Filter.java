package dev.webhooker.routing;

import java.util.List;

/** One route filter: {@code type} is event, repo, actor, action, branch or keyword; {@code match} is OR'ed. */
public record Filter(String type, List<String> match, boolean exclude) {

    public Filter {
        match = match == null ? List.of() : List.copyOf(match);
    }
}
