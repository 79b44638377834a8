package dev.webhooker.platform;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The renderers are plain Java (DESIGN.md §3): the Camel routes call them, never the other way round. */
class RenderersArchitectureTest {

    private final JavaClasses renderers = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.webhooker.platform.markup", "dev.webhooker.platform.discord",
                    "dev.webhooker.platform.telegram");

    @Test
    void renderersDoNotDependOnCamel() {
        noClasses().that().resideInAnyPackage("dev.webhooker.platform.markup..")
                .or().haveSimpleNameEndingWith("Renderer").or().haveSimpleNameEndingWith("Markdown")
                .or().haveSimpleNameEndingWith("Message").or().haveSimpleName("HtmlNode")
                .should().dependOnClassesThat().resideInAnyPackage("org.apache.camel..")
                .check(renderers);
    }
}
