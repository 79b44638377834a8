package dev.webhooker.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

public final class Fixtures {

    private Fixtures() {}

    public static Path root() {
        String p = System.getProperty("webhooker.fixtures");
        if (p != null && !p.isBlank()) return Path.of(p);
        for (Path c : new Path[] {Path.of("../shared/fixtures"), Path.of("/work/shared/fixtures")})
            if (Files.isDirectory(c)) return c;
        throw new IllegalStateException("shared fixtures not found; set -Dwebhooker.fixtures");
    }

    /** One shared GitHub or Gitea fixture formatted in one language, with emoji on or off. */
    public record FormattingCase(String provider, Path file, String lang, boolean emoji) {
        /** The fixture's path below its provider's folder, e.g. {@code push/tag.json}. */
        public String relativeName() {
            return root().resolve(provider).relativize(file).toString();
        }
    }

    /** Every GitHub and Gitea fixture × {en, zh} × {emoji on, off}, in file order. */
    public static List<FormattingCase> formattingCases() {
        List<FormattingCase> cases = new ArrayList<>();
        for (String provider : List.of("github", "gitea")) {
            try (Stream<Path> files = Files.walk(root().resolve(provider))) {
                for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                    for (String lang : List.of("en", "zh")) {
                        for (boolean emoji : List.of(true, false)) {
                            cases.add(new FormattingCase(provider, file, lang, emoji));
                        }
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return cases;
    }
}
