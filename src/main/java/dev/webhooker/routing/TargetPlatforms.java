package dev.webhooker.routing;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Predicate;

/**
 * The registered platforms: every {@link TargetPlatform} named in {@code META-INF/services}, in the order written
 * there (the order they are listed in messages). A platform is one line there and one package; nothing else names it.
 * Loaded once, without Spring, because the configuration is also read where no application runs (the CLI, tests).
 */
public final class TargetPlatforms {

    private static final List<TargetPlatform> ALL = load();

    private TargetPlatforms() {
    }

    public static List<TargetPlatform> all() {
        return ALL;
    }

    public static Optional<TargetPlatform> find(String name) {
        return ALL.stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /** The platform of a target that exists: its platform was registered when it was read. */
    public static TargetPlatform of(Target target) {
        return find(target.platform()).orElseThrow(() -> new IllegalStateException("no registered platform " + target.platform()));
    }

    /** The platform a target without a {@code platform} is read as. */
    static TargetPlatform implied() {
        return ALL.stream().filter(TargetPlatform::impliedWhenUnnamed).findFirst().orElseThrow();
    }

    /** The names of the platforms that pass {@code which}, as a message lists them: {@code a, b or c}. */
    public static String names(Predicate<TargetPlatform> which) {
        List<String> names = ALL.stream().filter(which).map(TargetPlatform::name).toList();
        if (names.size() <= 1) {
            return String.join("", names);
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1);
    }

    private static List<TargetPlatform> load() {
        List<TargetPlatform> platforms = new ArrayList<>();
        ServiceLoader.load(TargetPlatform.class, TargetPlatform.class.getClassLoader()).forEach(platforms::add);
        if (platforms.stream().filter(TargetPlatform::impliedWhenUnnamed).count() != 1) {
            throw new IllegalStateException("exactly one registered platform must be implied when a target names none: "
                    + platforms.stream().map(TargetPlatform::name).toList());
        }
        if (platforms.stream().map(TargetPlatform::name).distinct().count() != platforms.size()) {
            throw new IllegalStateException("two registered platforms share a name: " + platforms.stream().map(TargetPlatform::name).toList());
        }
        return List.copyOf(platforms);
    }
}
