package dev.webhooker.format;

import dev.webhooker.routing.Group;

import java.net.URI;
import java.util.List;
import java.util.Locale;

/** The footer's forge-source label: which forge instance an event came from. */
final class ForgeLabel {

    private static final String GITHUB_ICON = "https://github.com/fluidicon.png";

    private ForgeLabel() {
    }

    /** The label for the group's first matching source, or null. */
    public static NeutralMessage.Forge resolve(List<Group.ForgeSource> sources, String provider, String repositoryUrl) {
        if (sources == null || sources.isEmpty() || provider == null || "custom".equals(provider)) {
            return null;
        }
        String origin = FormatContext.origin(repositoryUrl);
        String host = origin == null ? null : URI.create(origin).getHost().toLowerCase(Locale.ROOT);
        if (host == null) {
            if (!"github".equals(provider)) {
                return null;
            }
            host = "github.com";
            origin = "https://github.com";
        }
        for (Group.ForgeSource source : sources) {
            if (source == null || source.host() == null || !provider.equals(source.type())
                    || !host.equals(source.host().strip().toLowerCase(Locale.ROOT))) {
                continue;
            }
            String name = source.name() != null && !source.name().isBlank() ? source.name().strip() : source.host();
            String icon = "github".equals(provider) ? GITHUB_ICON : origin + "/assets/img/favicon.png";
            return new NeutralMessage.Forge(name, origin, icon);
        }
        return null;
    }
}
