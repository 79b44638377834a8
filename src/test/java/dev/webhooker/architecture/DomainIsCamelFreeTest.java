package dev.webhooker.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The integration flow lives in routes/*.camel.yaml; the rules it applies live in plain Java that can be
 * tested without Camel. These packages must stay that way.
 */
class DomainIsCamelFreeTest {

    private static JavaClasses mainClasses;

    @BeforeAll
    static void importMainClasses() {
        mainClasses = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.webhooker");
    }

    @Test
    void routingFormattingRenderingAndDeliveryRulesDoNotImportCamel() {
        ArchRule rule = noClasses()
                .that().resideInAnyPackage(
                        "dev.webhooker.routing..",
                        "dev.webhooker.format..",
                        "dev.webhooker.platform..",
                        "dev.webhooker.delivery..",
                        "dev.webhooker.dryrun..")
                .should().dependOnClassesThat().resideInAPackage("org.apache.camel..")
                .because("domain logic is plain Java; Camel only wires it together in routes/*.camel.yaml");
        rule.check(mainClasses);
    }
}
