package dev.webhooker.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.webhooker.routing.TargetPlatforms;

/**
 * The package boundaries, checked on the compiled classes: the flow lives in routes/*.camel.yaml and
 * the rules it applies in plain Java; the feature packages do not depend on each other in a circle; and a class is
 * public only when another package (or a route) uses it.
 */
class PackageRulesTest {

    private static JavaClasses main;
    /** Main and test classes: a class a test in another package uses has to stay public for it. */
    private static JavaClasses mainAndTests;
    private static Set<String> usedByRoutes;
    private static Set<String> startUpHooks;
    private static Set<String> importedFromElsewhere;
    /** Top-level classes that a class of another package depends on, directly or through one of their nested classes. */
    private static Set<String> usedFromElsewhere;

    @BeforeAll
    static void importClasses() {
        main = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.webhooker");
        mainAndTests = new ClassFileImporter().importPackages("dev.webhooker");
        usedByRoutes = RouteReferences.classesNamedOrCalledBy(main, Path.of("routes"));
        startUpHooks = classNamesIn(Path.of("src/main/resources"));
        usedFromElsewhere = new HashSet<>();
        for (JavaClass origin : mainAndTests) {
            origin.getDirectDependenciesFromSelf().forEach(d -> {
                JavaClass target = d.getTargetClass();
                if (!target.getPackageName().equals(origin.getPackageName())) {
                    String name = target.getName();
                    usedFromElsewhere.add(name.contains("$") ? name.substring(0, name.indexOf('$')) : name);
                }
            });
        }
        importedFromElsewhere = SourceImports.importedFromAnotherPackage(Path.of("src/main/java"), Path.of("src/test/java"));
    }

    @Test
    void theDomainIsPlainJavaWithoutCamel() {
        noClasses().that().resideInAnyPackage("dev.webhooker.routing..", "dev.webhooker.format..",
                        "dev.webhooker.delivery..", "dev.webhooker.dryrun..", "dev.webhooker.platform..")
                .and(areNotPartsOfACamelComponent())
                .should().dependOnClassesThat().resideInAPackage("org.apache.camel..")
                .because("Camel only wires the logic together, in routes/*.camel.yaml (the platform components aside)")
                .check(main);
    }

    @Test
    void routingAndFormattingKnowNothingOfSpringOutsideTheirWiring() {
        noClasses().that().resideInAnyPackage("dev.webhooker.routing..", "dev.webhooker.format..")
                .and().areNotAnnotatedWith(Configuration.class)
                .should().dependOnClassesThat().resideInAPackage("org.springframework..")
                .check(main);
    }

    @Test
    void renderersAndMarkupKnowNothingOfDeliveryOrCamel() {
        noClasses().that(areRenderingCode())
                .should().dependOnClassesThat().resideInAnyPackage("dev.webhooker.delivery..", "org.apache.camel..")
                .because("a renderer turns a neutral message into a platform's shape; what is sent when is the engine's")
                .check(main);
    }

    @Test
    void theEngineReachesThePlatformsOnlyThroughTheirEndpoints() {
        noClasses().that().resideInAPackage("dev.webhooker.delivery..")
                .should().dependOnClassesThat().resideInAPackage("dev.webhooker.platform..")
                .because("the delivery route sends through the platforms' endpoints; the engine only describes requests")
                .check(main);
    }

    /**
     * A platform is its own package, registered once ({@code META-INF/services/dev.webhooker.routing.TargetPlatform}): the
     * engine, routing, the configuration's packages and chat consent ask the registry and name none of them. The
     * platform packages checked are the registered ones, so a new platform is covered as it is added.
     */
    @Test
    void theEngineRoutingAndTheConfigurationNameNoPlatform() {
        Set<String> platformPackages = new HashSet<>();
        TargetPlatforms.all().forEach(p -> platformPackages.add(p.getClass().getPackageName()));
        assertThat(platformPackages).as("registered platform packages").hasSizeGreaterThanOrEqualTo(5)
                .allMatch(name -> name.startsWith("dev.webhooker.platform."));
        noClasses().that().resideInAnyPackage("dev.webhooker.delivery..", "dev.webhooker.routing..", "dev.webhooker.store..",
                        "dev.webhooker.configfile..", "dev.webhooker.control..", "dev.webhooker.dryrun..", "dev.webhooker.consent..")
                .should().dependOnClassesThat(DescribedPredicate.describe("are in a platform's package " + platformPackages,
                        c -> platformPackages.stream().anyMatch(pkg -> c.getPackageName().equals(pkg)
                                || c.getPackageName().startsWith(pkg + "."))))
                .because("a new platform is one package and one line of registration; the rest asks TargetPlatforms and Platforms")
                .check(main);
    }

    @Test
    void theFeaturePackagesDoNotDependOnEachOtherInACircle() {
        slices().matching("dev.webhooker.(*)..").should().beFreeOfCycles().check(main);
    }

    @Test
    void aClassIsPublicOnlyWhenAnotherPackageOrARouteUsesIt() {
        classes().that().arePublic().and().areTopLevelClasses().and(areIn(main))
                .should(beUsedOutsideTheirPackage())
                .because("a package's other classes are its own business, and package-private keeps them so")
                .check(mainAndTests);
    }

    @Test
    void whatTheRoutesCallAndCarryIsPublic() {
        classes().that(areIn(main)).and().areTopLevelClasses()
                .and(DescribedPredicate.describe("are called or carried by a route", c -> usedByRoutes.contains(c.getName())))
                .should().bePublic()
                .because("Camel reaches the beans and the bodies of routes/*.camel.yaml (${body.key}) by reflection; with"
                        + " PendingDelivery package-private, ingest measured a fifth slower (bench/results/2026-12-01-delivery-flow.md)")
                .check(main);
    }

    private static DescribedPredicate<JavaClass> areRenderingCode() {
        return DescribedPredicate.describe("render messages (platform markup, renderers, markdown, limits, HTML nodes)", c ->
                c.getPackageName().startsWith("dev.webhooker.platform") && (c.getPackageName().startsWith("dev.webhooker.platform.markup")
                        || Stream.of("Renderer", "Markdown", "Limits", "HtmlNode").anyMatch(c.getSimpleName()::endsWith)));
    }

    private static DescribedPredicate<JavaClass> areNotPartsOfACamelComponent() {
        return DescribedPredicate.describe("are not a Camel component, endpoint or producer", c ->
                !(c.isAssignableTo(org.apache.camel.Component.class) || c.isAssignableTo(org.apache.camel.Endpoint.class)
                        || c.isAssignableTo(org.apache.camel.Producer.class)));
    }

    private static DescribedPredicate<JavaClass> areIn(JavaClasses classes) {
        return DescribedPredicate.describe("are main classes", c -> classes.contain(c.getName()));
    }

    private static ArchCondition<JavaClass> beUsedOutsideTheirPackage() {
        return new ArchCondition<>("be used from another package, by a route or by name from a resource (META-INF, logback-spring.xml)") {
            @Override
            public void check(JavaClass c, ConditionEvents events) {
                boolean used = usedByRoutes.contains(c.getName()) || startUpHooks.contains(c.getName()) || hasMainMethod(c)
                        || importedFromElsewhere.contains(c.getName()) || usedFromElsewhere.contains(c.getName());
                if (!used) {
                    events.add(SimpleConditionEvent.violated(c, c.getName() + " is public but only its own package uses it"));
                }
            }
        };
    }

    private static boolean hasMainMethod(JavaClass c) {
        return c.getMethods().stream().anyMatch(m -> m.getName().equals("main") && m.getModifiers().contains(JavaModifier.STATIC));
    }

    /**
     * The classes another package's source imports. The class files alone miss some uses: javac copies a constant into
     * the class that reads it.
     */
    static final class SourceImports {

        private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
        private static final Pattern IMPORT = Pattern.compile("^import (?:static )?(dev\\.webhooker\\.[a-z.]*\\.[A-Z]\\w*)",
                Pattern.MULTILINE);

        static Set<String> importedFromAnotherPackage(Path... roots) {
            Set<String> imported = new HashSet<>();
            for (Path root : roots) {
                try (Stream<Path> files = Files.walk(root)) {
                    files.filter(f -> f.toString().endsWith(".java")).map(PackageRulesTest::read).forEach(source -> {
                        Matcher pkg = PACKAGE.matcher(source);
                        String own = pkg.find() ? pkg.group(1) : "";
                        Matcher m = IMPORT.matcher(source);
                        while (m.find()) {
                            String name = m.group(1);
                            if (!name.substring(0, name.lastIndexOf('.')).equals(own)) {
                                imported.add(name);
                            }
                        }
                    });
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return imported;
        }
    }

    /** Every {@code dev.webhooker.…} class name written in the files under {@code dir}. */
    static Set<String> classNamesIn(Path dir) {
        Pattern className = Pattern.compile("dev\\.webhooker\\.[\\w.]+");
        Set<String> names = new HashSet<>();
        try (Stream<Path> files = Files.walk(dir)) {
            files.filter(Files::isRegularFile).forEach(f -> {
                // as Latin-1: any byte reads, so an icon or another binary file among them is no error, and a class name is ASCII
                Matcher m = className.matcher(readBytesAsLatin1(f));
                while (m.find()) {
                    names.add(m.group());
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return names;
    }

    private static String readBytesAsLatin1(Path file) {
        try {
            return new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * What the route files use: the classes they name (exceptions) and the classes of the beans they call
     * ({@code ref: name}), aggregate with ({@code aggregationStrategy: name}) or send to (a component bean by its
     * scheme), found through the {@code @Bean} methods.
     */
    static final class RouteReferences {

        private static final Pattern REF = Pattern.compile("(?:ref|aggregationStrategy):\\s*([\\w-]+)");
        private static final Pattern SCHEME = Pattern.compile("\\b([a-z][\\w-]*):[\\w$]");

        static Set<String> classesNamedOrCalledBy(JavaClasses main, Path routes) {
            Set<String> named = classNamesIn(routes);
            Set<String> beans = new HashSet<>();
            try (Stream<Path> files = Files.list(routes)) {
                files.filter(f -> f.toString().endsWith(".camel.yaml")).map(PackageRulesTest::read).forEach(text -> {
                    collect(REF.matcher(text), beans);
                    collect(SCHEME.matcher(text), beans);
                });
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            // the delivery route's endpoints are computed (PlatformCall), so their schemes are not written in it
            beans.add("discord");
            beans.add("telegram");
            Set<JavaClass> called = new HashSet<>();
            for (JavaClass c : main) {
                for (JavaMethod m : c.getMethods()) {
                    if (m.isAnnotatedWith(Bean.class) && beans.contains(beanName(m))) {
                        called.add(m.getRawReturnType());
                    }
                }
            }
            // what those beans take and give is the body the routes carry and read (${body.key}): Camel reaches its
            // methods by reflection, and finds them quickly only on a public class
            for (JavaClass bean : called) {
                named.add(bean.getName());
                bean.getMethods().stream().filter(m -> m.getModifiers().contains(JavaModifier.PUBLIC)).forEach(m -> {
                    named.add(m.getRawReturnType().getName());
                    m.getRawParameterTypes().forEach(t -> named.add(t.getName()));
                });
            }
            return named;
        }

        private static void collect(Matcher m, Set<String> into) {
            while (m.find()) {
                into.add(m.group(1));
            }
        }

        private static String beanName(JavaMethod m) {
            Bean bean = m.getAnnotationOfType(Bean.class);
            String[] names = bean.value().length > 0 ? bean.value() : bean.name();
            return names.length == 0 ? m.getName() : names[0];
        }
    }
}
