package dev.webhooker.format;

import dev.webhooker.format.event.CheckFormatter;
import dev.webhooker.format.event.CommentFormatter;
import dev.webhooker.format.event.CustomFormatter;
import dev.webhooker.format.event.DeploymentFormatter;
import dev.webhooker.format.event.DiscussionFormatter;
import dev.webhooker.format.event.GenericFormatter;
import dev.webhooker.format.event.IssuesFormatter;
import dev.webhooker.format.event.LabelFormatter;
import dev.webhooker.format.event.MemberFormatter;
import dev.webhooker.format.event.MilestoneFormatter;
import dev.webhooker.format.event.PingFormatter;
import dev.webhooker.format.event.PullRequestFormatter;
import dev.webhooker.format.event.PushFormatter;
import dev.webhooker.format.event.RefFormatter;
import dev.webhooker.format.event.ReleaseFormatter;
import dev.webhooker.format.event.RepositoryFormatter;
import dev.webhooker.format.event.ReviewFormatter;
import dev.webhooker.format.event.SecurityAlertFormatter;
import dev.webhooker.format.event.StarForkFormatter;
import dev.webhooker.format.event.StatusFormatter;
import dev.webhooker.format.event.WorkflowJobFormatter;
import dev.webhooker.format.event.WorkflowRunFormatter;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Which formatter handles which event name; unknown names get the generic formatter. */
public final class EventFormatters {

    private final Map<String, EventFormatter> byEvent = new HashMap<>();
    private final EventFormatter generic = new GenericFormatter();
    private final EventFormatter custom = new CustomFormatter();

    public EventFormatters() {
        this(List.of(new PushFormatter(), new PullRequestFormatter(), new IssuesFormatter(), new CommentFormatter(),
                new WorkflowRunFormatter(), new WorkflowJobFormatter(), new StatusFormatter(),
                new DeploymentFormatter(), new CheckFormatter(), new PingFormatter(), new ReleaseFormatter(),
                new RefFormatter(), new StarForkFormatter(), new ReviewFormatter(), new MemberFormatter(),
                new LabelFormatter(), new MilestoneFormatter(), new DiscussionFormatter(),
                new RepositoryFormatter(), new SecurityAlertFormatter()));
    }

    EventFormatters(List<EventFormatter> formatters) {
        for (EventFormatter formatter : formatters) {
            for (String event : formatter.events()) {
                if (byEvent.put(event, formatter) != null) {
                    throw new IllegalStateException("two formatters for event " + event);
                }
            }
        }
    }

    /** The formatter of this delivery: custom for the custom provider, else by event name, else generic. */
    public EventFormatter forEvent(String provider, String event) {
        if ("custom".equals(provider)) {
            return custom;
        }
        return byEvent.getOrDefault(event, generic);
    }

    public EventFormatter generic() {
        return generic;
    }

    /** Event names with a formatter of their own. */
    public Set<String> formattedEvents() {
        return Set.copyOf(byEvent.keySet());
    }
}
