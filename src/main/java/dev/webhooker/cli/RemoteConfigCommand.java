package dev.webhooker.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * {@code plan}, {@code apply} and {@code export} against a running server, through its admin API with an API token
 * (admin:read to plan and export, admin:write to apply; planning and applying a whole configuration is for super
 * admins). The server does the work: {@code plan} sends the file as a preview of an import and prints what would
 * change and the configuration's revision; {@code apply} does the same, then applies it with that revision (or the one
 * {@code --revision} names, as {@code plan} printed it), so a server that changed in between refuses it.
 * Exit status: 0 nothing to change (or applied), 2 something would change ({@code plan}), 1 an error.
 */
final class RemoteConfigCommand implements Commands.Command {

    enum Mode { PLAN, APPLY, EXPORT }

    static final int CHANGES = 2;
    static final int ERROR = 1;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Mode mode;
    private final Map<String, String> environment;

    RemoteConfigCommand(Mode mode) {
        this(mode, System.getenv());
    }

    RemoteConfigCommand(Mode mode, Map<String, String> environment) {
        this.mode = mode;
        this.environment = environment;
    }

    @Override
    public String usage() {
        return switch (mode) {
            case PLAN -> """
                    usage: java -jar webhooker.jar plan FILE --server URL --token T [--prune]
                      Prints what FILE would change on that server (groups and routes added, changed, removed; no secret),
                      and its revision. Exit 0: nothing would change; 2: something would; 1: an error. --prune: FILE is the
                      whole configuration (what it leaves out would be removed). WEBHOOKER_SERVER and WEBHOOKER_TOKEN stand
                      for --server and --token; the token needs admin:read and a super admin as its user.""";
            case APPLY -> """
                    usage: java -jar webhooker.jar apply FILE --server URL --token T [--prune] [--revision N]
                      Applies FILE as plan shows it, refused when the server's configuration changed since its revision
                      (the one plan printed, with --revision). Exit 0: applied or nothing to do; 1: an error or refused.
                      The token needs admin:write.""";
            case EXPORT -> """
                    usage: java -jar webhooker.jar export --server URL --token T [--out FILE] [--group ID]
                      Writes the server's configuration (what the token's user sees) as a config file, secrets sealed.""";
        };
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) {
        String server = environment.get("WEBHOOKER_SERVER");
        String token = environment.get("WEBHOOKER_TOKEN");
        String file = null;
        String outFile = null;
        String group = null;
        String revision = null;
        boolean prune = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            boolean valued = List.of("--server", "--token", "--out", "--group", "--revision").contains(arg);
            if (valued && i + 1 >= args.length) {
                err.println(arg + " needs a value");
                return Commands.USAGE;
            }
            switch (arg) {
                case "--server" -> server = args[++i];
                case "--token" -> token = args[++i];
                case "--out" -> outFile = args[++i];
                case "--group" -> group = args[++i];
                case "--revision" -> revision = args[++i];
                case "--prune" -> prune = true;
                default -> {
                    if (arg.startsWith("--") || file != null) {
                        err.println("unexpected argument: " + arg);
                        err.println(usage());
                        return Commands.USAGE;
                    }
                    file = arg;
                }
            }
        }
        if (server == null || server.isBlank() || token == null || token.isBlank()) {
            err.println("give --server and --token (or WEBHOOKER_SERVER and WEBHOOKER_TOKEN)");
            return Commands.USAGE;
        }
        if (mode != Mode.EXPORT && file == null) {
            err.println(usage());
            return Commands.USAGE;
        }
        Api api = new Api(server.replaceAll("/+$", ""), token);
        try {
            return switch (mode) {
                case EXPORT -> export(api, group, outFile, out, err);
                case PLAN -> {
                    JsonNode plan = plan(api, Files.readAllBytes(Path.of(file)), prune, out, err);
                    yield plan == null ? ERROR : changes(plan) ? CHANGES : 0;
                }
                case APPLY -> apply(api, Files.readAllBytes(Path.of(file)), prune, revision, out, err);
            };
        } catch (IOException e) {
            err.println("cannot " + mode.name().toLowerCase(java.util.Locale.ROOT) + ": " + e.getMessage());
            return ERROR;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ERROR;
        }
    }

    private int export(Api api, String group, String outFile, PrintStream out, PrintStream err) throws IOException, InterruptedException {
        HttpResponse<String> answer = api.send("GET", "/admin/api/config/export" + (group == null ? "" : "?groupId=" + group), null, null);
        if (answer.statusCode() != 200) {
            return refused(answer, err);
        }
        if (outFile == null) {
            out.print(answer.body());
        } else {
            Files.writeString(Path.of(outFile), answer.body());
        }
        return 0;
    }

    /** The server's preview of importing {@code document}, printed; null (after saying why) when it was refused. */
    private JsonNode plan(Api api, byte[] document, boolean prune, PrintStream out, PrintStream err) throws IOException, InterruptedException {
        HttpResponse<String> answer = api.send("POST", "/admin/api/config/import" + (prune ? "?prune=true" : ""), document, null);
        if (answer.statusCode() != 200) {
            refused(answer, err);
            return null;
        }
        JsonNode plan = JSON.readTree(answer.body());
        print(plan, out);
        return plan;
    }

    private int apply(Api api, byte[] document, boolean prune, String revision, PrintStream out, PrintStream err)
            throws IOException, InterruptedException {
        JsonNode plan = plan(api, document, prune, out, err);
        if (plan == null) {
            return ERROR;
        }
        String expected = revision != null ? revision : plan.path("revision").asText();
        if (revision != null && !revision.equals(plan.path("revision").asText())) {
            err.println("refused: the server's configuration is at revision " + plan.path("revision").asText() + ", not " + revision
                    + " as planned; plan again");
            return ERROR;
        }
        if (!changes(plan)) {
            out.println("nothing to apply");
            return 0;
        }
        HttpResponse<String> answer = api.send("POST", "/admin/api/config/import?apply=true" + (prune ? "&prune=true" : ""), document,
                "\"" + expected + "\"");
        if (answer.statusCode() != 200) {
            return refused(answer, err);
        }
        out.println("applied (was revision " + expected + ")");
        return 0;
    }

    private static boolean changes(JsonNode plan) {
        for (String kind : List.of("groups", "routes")) {
            for (String what : List.of("added", "changed", "removed", "reordered")) {
                if (!plan.path(kind).path(what).isEmpty()) {
                    return true;
                }
            }
        }
        return false;
    }

    private static void print(JsonNode plan, PrintStream out) {
        List<String> lines = new ArrayList<>();
        for (String kind : List.of("groups", "routes")) {
            for (String what : List.of("added", "changed", "removed", "reordered")) {
                JsonNode ids = plan.path(kind).path(what);
                if (!ids.isEmpty()) {
                    List<String> names = new ArrayList<>();
                    ids.forEach(id -> names.add(id.isTextual() ? id.asText() : id.toString()));
                    lines.add(kind + " " + what + ": " + String.join(", ", names));
                }
            }
        }
        if (lines.isEmpty()) {
            out.println("no changes (revision " + plan.path("revision").asText() + ")");
        } else {
            lines.forEach(out::println);
            out.println("(revision " + plan.path("revision").asText() + ")");
        }
    }

    private static int refused(HttpResponse<String> answer, PrintStream err) {
        String detail;
        try {
            JsonNode body = JSON.readTree(answer.body());
            detail = body.path("error").asText("") + (body.hasNonNull("detail") ? ": " + body.path("detail").asText() : "");
        } catch (IOException e) {
            detail = answer.body();
        }
        err.println("the server answered " + answer.statusCode() + " " + detail);
        return ERROR;
    }

    /** The admin API with a bearer token. */
    private record Api(String server, String token) {

        private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

        HttpResponse<String> send(String method, String path, byte[] body, String ifMatch) throws IOException, InterruptedException {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server + path)).timeout(Duration.ofSeconds(60))
                    .header("Authorization", "Bearer " + token)
                    .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
            if (body != null) {
                request.header("Content-Type", "application/yaml");
            }
            if (ifMatch != null) {
                request.header("If-Match", ifMatch);
            }
            return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        }
    }
}
