package dev.webhooker.format;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.WebhookEvent;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.webhooker.format.TestEvents.format;
import static dev.webhooker.format.TestEvents.github;
import static dev.webhooker.format.TestEvents.json;
import static org.assertj.core.api.Assertions.assertThat;

/** The formatting test vectors, and the emoji-off examples. */
class MessageVectorsTest {

    private static final String BASE = "https://github.com/acme/widget";

    private static NeutralMessage.Field field(String name, String value, boolean inline) {
        return new NeutralMessage.Field(name, value, inline);
    }

    private static NeutralMessage formatWith(WebhookEvent event, Group group) {
        FormattedMessage formatted = TestEvents.formatter().format(event, group, TestEvents.route(List.of()));
        assertThat(formatted.formatError()).isFalse();
        return formatted.message();
    }

    @Nested
    class Push {

        @Test
        void v1_singleCommit() {
            NeutralMessage m = format(github("push", "{'ref':'refs/heads/main','compare':'" + BASE
                    + "/compare/aaa...bbb','commits':[{'id':'" + "b".repeat(40) + "','message':'Fix login bug'}]}"));

            assertThat(m.title()).isEqualTo("acme/widget: Pushed 1 commit to [`main`](" + BASE + "/tree/main)");
            assertThat(m.url()).isEqualTo(BASE + "/compare/aaa...bbb");
            assertThat(m.color()).isEqualTo(3056719);
            assertThat(m.description()).isEqualTo("[`bbbbbbb`](" + BASE + "/commit/" + "b".repeat(40) + ") Fix login bug");
            assertThat(m.fields()).containsExactly(
                    field("Changes", "[View comparison](" + BASE + "/compare/aaa...bbb):", false));
            assertThat(m.actions()).isEmpty();
            assertThat(m.updateKey()).isNull();
            assertThat(m.author()).isEqualTo(new NeutralMessage.Author("octocat", null, "https://github.com/octocat"));
            assertThat(m.footer()).isEqualTo("acme/widget");
        }

        @Test
        void v4_deletedBranchReadsLikeDelete() {
            String ref = "dependabot/npm_and_yarn/multi-e1b34b8be3";
            NeutralMessage m = format(github("push", "{'ref':'refs/heads/" + ref + "','deleted':true,'commits':[]}"));

            assertThat(m.title()).isEqualTo("acme/widget: 🌿 Deleted branch [`" + ref + "`](" + BASE + "/tree/" + ref + ")");
            assertThat(m.color()).isEqualTo(16273737);
            assertThat(m.description()).isNull();
            assertThat(m.fields()).isEmpty();
        }

        /** V5, except that the Changes counts are distinct files: "+7 added | ~14 modified" would count files twice. */
        @Test
        void v5_forcedCreatedSevenCommits() {
            ArrayNode commits = TestEvents.MAPPER.createArrayNode();
            for (int i = 0; i < 7; i++) {
                commits.add(json("{'id':'" + Integer.toString(i).repeat(40) + "','message':'commit " + i
                        + "\\n\\nbody','added':['a'],'modified':['b','c']}"));
            }
            ObjectNode payload = json("{'ref':'refs/heads/main','forced':true,'created':true,'compare':'" + BASE + "/compare/x'}");
            payload.set("commits", commits);
            NeutralMessage m = format(TestEvents.raw("github", "push", TestEvents.withDefaults(payload)));

            assertThat(m.title()).isEqualTo("acme/widget: Pushed 7 commits to [`main`](" + BASE + "/tree/main)");
            assertThat(m.description().split("\n")).containsExactly(
                    "⚠️ **Force push**",
                    "🆕 Branch created",
                    "[`0000000`](" + BASE + "/commit/" + "0".repeat(40) + ") commit 0",
                    "[`1111111`](" + BASE + "/commit/" + "1".repeat(40) + ") commit 1",
                    "[`2222222`](" + BASE + "/commit/" + "2".repeat(40) + ") commit 2",
                    "... and 4 more commits");
            assertThat(m.fields().get(0).value()).isEqualTo("[View comparison](" + BASE + "/compare/x): +1 added | ~2 modified");
        }

        /** V6 with W30 fixed: the word "tag" stays outside the code span. */
        @Test
        void v6_tagCreated() {
            NeutralMessage m = format(github("push", "{'ref':'refs/tags/v1.0','created':true,'commits':[]}"));

            assertThat(m.title()).isEqualTo("acme/widget: Pushed 0 commits to tag [`v1.0`](" + BASE + "/releases/tag/v1.0)");
            assertThat(m.description()).isEqualTo("🆕 Tag created");
        }

        @Test
        void v12_authorUrlFromTheForgeOrigin() {
            NeutralMessage m = format(TestEvents.raw("gitea", "push", json(
                    "{'ref':'refs/heads/main','commits':[],'repository':{'full_name':'org/repo',"
                            + "'html_url':'https://git.example.com/org/repo'},'sender':{'login':'octo'}}")));

            assertThat(m.author().url()).isEqualTo("https://git.example.com/octo");
        }

        @Test
        void commitWithoutIdOrMessage() {
            NeutralMessage m = format(github("push", "{'ref':'refs/heads/main','commits':[{'message':''}]}"));

            assertThat(m.description()).isEqualTo("`???????` no message");
        }

        @Test
        void branchSegmentsAreUrlEncoded() {
            NeutralMessage m = format(github("push", "{'ref':'refs/heads/feat/a#b','commits':[]}"));

            assertThat(m.title()).endsWith("[`feat/a#b`](" + BASE + "/tree/feat/a%23b)");
        }
    }

    @Nested
    class PullRequest {

        private final String opened = "{'action':'opened','pull_request':{'number':7,'title':'Add feature','state':'open',"
                + "'merged':false,'html_url':'" + BASE + "/pull/7','body':'Implements the new feature.',"
                + "'head':{'ref':'feature'},'base':{'ref':'main'}}}";

        @Test
        void w8_userTitlesCommitSubjectsAndReleaseNamesAreEscapedIntoLiteralText() {
            NeutralMessage pr = format(github("pull_request", opened.replace("'Add feature'", "'**[click](https://evil.example)**'")));
            NeutralMessage push = format(github("push", "{'ref':'refs/heads/main','commits':[{'id':'abcd1234ef',"
                    + "'message':'fix *all* the `things` <@123>'}]}"));
            NeutralMessage release = format(github("release", "{'action':'published','release':{'tag_name':'v1',"
                    + "'name':'v1 [beta](https://evil.example)'}}"));

            assertThat(pr.title()).isEqualTo("acme/widget#7: \\*\\*\\[click\\](https://evil.example)\\*\\*");
            assertThat(push.description()).endsWith(") fix \\*all\\* the \\`things\\` \\<@123\\>");
            assertThat(release.title()).isEqualTo("acme/widget: v1 \\[beta\\](https://evil.example)");
        }

        @Test
        void v2_opened() {
            NeutralMessage m = format(github("pull_request", opened));

            assertThat(m.title()).isEqualTo("acme/widget#7: Add feature");
            assertThat(m.url()).isEqualTo(BASE + "/pull/7");
            assertThat(m.color()).isEqualTo(2991182);
            assertThat(m.description()).isEqualTo("🟢 **Opened** pull request\n\nImplements the new feature.");
            assertThat(m.fields()).containsExactly(field("Branch",
                    "[`feature`](" + BASE + "/tree/feature) → [`main`](" + BASE + "/tree/main)", true));
            assertThat(m.actions()).containsExactly(
                    new NeutralMessage.Action("ghpr|merge|acme|widget|7", "Merge", "primary"),
                    new NeutralMessage.Action("ghpr|close|acme|widget|7", "Close", "danger"));
        }

        @Test
        void mergedSaysMergedAndHasNoButtons() {
            NeutralMessage m = format(github("pull_request", "{'action':'closed','pull_request':{'number':7,"
                    + "'title':'Add feature','state':'closed','merged':true}}"));

            assertThat(m.color()).isEqualTo(0x8957e5);
            assertThat(m.description()).isEqualTo("🟣 **Merged** pull request");
            assertThat(m.actions()).isEmpty();
        }

        @Test
        void synchronizeHasALabel() {
            NeutralMessage m = format(github("pull_request", opened.replace("'opened'", "'synchronize'")));

            assertThat(m.description()).startsWith("🔵 **Synchronized** pull request");
            assertThat(m.color()).isEqualTo(0x1f6feb);
        }

        @Test
        void draftsAndGiteaPullRequestsGetNoButtons() {
            NeutralMessage draft = format(github("pull_request", opened.replace("'state':'open'", "'state':'open','draft':true")));
            NeutralMessage gitea = format(TestEvents.raw("gitea", "pull_request",
                    TestEvents.withDefaults(json(opened))));

            assertThat(draft.actions()).isEmpty();
            assertThat(draft.description()).startsWith("🟢 **Opened** draft pull request");
            assertThat(gitea.actions()).isEmpty();
        }

        @Test
        void buttonsOnlyWhenTheCustomIdFitsDiscordsLimit() {
            String longRepo = "o".repeat(50) + "/" + "n".repeat(50);
            ObjectNode payload = json(opened);
            payload.set("repository", json("{'full_name':'" + longRepo + "'}"));
            NeutralMessage m = format(TestEvents.raw("github", "pull_request", TestEvents.withDefaults(payload)));

            assertThat(m.actions()).isEmpty();
        }

        @Test
        void unknownActionIsHumanised() {
            NeutralMessage m = format(github("pull_request", opened.replace("'opened'", "'brand_new_thing'")));

            assertThat(m.description()).startsWith("🔵 **Brand new thing** pull request");
        }

        @Test
        void changesAndLabels() {
            NeutralMessage m = format(github("pull_request", "{'action':'edited','pull_request':{'number':1,'title':'t',"
                    + "'additions':10,'deletions':2,'changed_files':3,'labels':[{'name':'bug'},{'name':'ui'}]}}"));

            assertThat(m.fields()).containsExactly(field("Changes", "+10 | -2 | 3 files", true),
                    field("Labels", "bug, ui", true));
        }
    }

    @Test
    void v3_issueOpened() {
        NeutralMessage m = format(github("issues", "{'action':'opened','issue':{'number':12,"
                + "'title':'Broken login on mobile','html_url':'" + BASE + "/issues/12','body':'Login fails on iOS Safari.'}}"));

        assertThat(m.title()).isEqualTo("acme/widget#12: Broken login on mobile");
        assertThat(m.url()).isEqualTo(BASE + "/issues/12");
        assertThat(m.color()).isEqualTo(2991182);
        assertThat(m.description()).isEqualTo("🟢 **Opened** issue\n\nLogin fails on iOS Safari.");
        assertThat(m.fields()).isEmpty();
    }

    @Nested
    class WorkflowRun {

        private final String completed = "{'action':'completed','workflow_run':{'id':5,'name':'CI','conclusion':'success',"
                + "'html_url':'" + BASE + "/actions/runs/42','head_branch':'main','run_number':42,"
                + "'jobs':[{'name':'build','conclusion':'success'}]}}";

        @Test
        void v7_completed() {
            NeutralMessage m = format(github("workflow_run", completed));

            assertThat(m.title()).isEqualTo("acme/widget: [CI — success](" + BASE + "/actions/runs/42)");
            assertThat(m.fields()).containsExactly(
                    field("Status", "✅ success", true),
                    field("Job", "✅ build", false),
                    field("Branch", "[`main`](" + BASE + "/tree/main)", true),
                    field("Run", "#42", true));
            assertThat(m.updateKey()).isEqualTo("workflow_run:acme/widget:5");
            assertThat(m.color()).isEqualTo(0x2da44e);
        }

        @Test
        void v7_requestedAndInProgress() {
            NeutralMessage requested = format(github("workflow_run", completed.replace("'completed'", "'requested'")
                    .replace("'conclusion':'success',", "'conclusion':null,")));
            NeutralMessage running = format(github("workflow_run", completed.replace("'completed'", "'in_progress'")
                    .replace("'conclusion':'success',", "")));

            assertThat(requested.title()).isEqualTo("acme/widget: [CI — queued](" + BASE + "/actions/runs/42)");
            assertThat(requested.fields().get(0).value()).isEqualTo("⏳ queued");
            assertThat(running.title()).isEqualTo("acme/widget: [CI — running](" + BASE + "/actions/runs/42)");
            assertThat(running.fields().get(0).value()).isEqualTo("🔄 running");
            assertThat(running.color()).isEqualTo(0xd29922);
        }

        @Test
        void durationFromStartAndUpdateTimes() {
            NeutralMessage m = format(github("workflow_run", "{'action':'completed','workflow_run':{'name':'CI',"
                    + "'conclusion':'failure','run_started_at':'2026-01-01T10:00:00Z','updated_at':'2026-01-01T10:02:05Z'}}"));

            assertThat(m.fields()).contains(field("Duration", "2m 5s", true));
            assertThat(m.color()).isEqualTo(0xf85149);
        }

        @Test
        void emojiOff_statusAndJobLinesAreBare() {
            NeutralMessage m = formatWith(github("workflow_run", completed.replace("success", "failure")
                    .replace("'jobs':[{'name':'build','conclusion':'failure'}]", "'jobs':[{'name':'build','conclusion':'failure'}]")),
                    TestEvents.group("en", false));

            assertThat(m.fields().get(0).value()).isEqualTo("failure");
            assertThat(m.fields().get(1).value()).isEqualTo("build");
        }
    }

    @Nested
    class Checks {

        @Test
        void v8_checkRun() {
            NeutralMessage m = format(github("check_run", "{'check_run':{'id':42,'name':'Lint','status':'in_progress','conclusion':null}}"));
            NeutralMessage withoutId = format(github("check_run", "{'check_run':{'name':'Lint','status':'in_progress'}}"));

            assertThat(m.title()).isEqualTo("acme/widget: Lint — running");
            assertThat(m.fields().get(0).value()).isEqualTo("🔄 running");
            assertThat(m.updateKey()).isEqualTo("check_run:acme/widget:42");
            assertThat(withoutId.updateKey()).isNull();
        }

        @Test
        void v8_checkSuite() {
            NeutralMessage m = format(github("check_suite", "{'check_suite':{'id':9,'status':'completed','conclusion':'success',"
                    + "'app':{'name':'Cloudflare Pages'},'head_branch':'main','head_sha':'abc123def456','html_url':'" + BASE + "/runs/2'}}"));

            assertThat(m.title()).isEqualTo("acme/widget: Check suite success");
            assertThat(m.url()).isEqualTo(BASE + "/runs/2");
            assertThat(m.fields()).extracting(NeutralMessage.Field::value).containsExactly(
                    "✅ success", "Cloudflare Pages", "[`main`](" + BASE + "/tree/main)",
                    "[`abc123d`](" + BASE + "/commit/abc123def456)");
            assertThat(m.updateKey()).isEqualTo("check_suite:acme/widget:9");
        }
    }

    @Nested
    class StatusDeploymentJob {

        @Test
        void v9_status() {
            NeutralMessage m = format(github("status", "{'state':'pending','context':'continuous-integration/travis-ci',"
                    + "'description':'The Travis CI build is in progress','sha':'abc123def456'}"));

            assertThat(m.title()).isEqualTo("acme/widget: continuous-integration/travis-ci — pending");
            assertThat(m.fields()).extracting(NeutralMessage.Field::value).containsExactly("⏳ pending",
                    "continuous-integration/travis-ci", "[`abc123d`](" + BASE + "/commit/abc123def456)",
                    "The Travis CI build is in progress");
            assertThat(m.color()).isEqualTo(13801762);
        }

        @Test
        void v9_deployment() {
            NeutralMessage m = format(github("deployment", "{'deployment':{'id':3,'environment':'production',"
                    + "'ref':'refs/heads/main','sha':'abc123def456','statuses_url':'https://api.github.com/x'}}"));

            assertThat(m.title()).isEqualTo("acme/widget: Deployment to `production` — created");
            assertThat(m.fields()).extracting(NeutralMessage.Field::value).containsExactly("🚀 created", "production",
                    "[`main`](" + BASE + "/tree/main)", "[`abc123d`](" + BASE + "/commit/abc123def456)");
            assertThat(m.updateKey()).isEqualTo("deployment:acme/widget:3");
            assertThat(m.url()).doesNotStartWith("https://api.github.com");
        }

        @Test
        void deploymentStatusShowsTheStateAndSharesTheKey() {
            NeutralMessage m = format(github("deployment_status", "{'deployment_status':{'state':'error',"
                    + "'target_url':'https://ci.example.com/1'},'deployment':{'id':3,'environment':'staging'}}"));

            assertThat(m.title()).isEqualTo("acme/widget: Deployment to `staging` — error");
            assertThat(m.fields().get(0).value()).isEqualTo("❌ error");
            assertThat(m.color()).isEqualTo(0xf85149);
            assertThat(m.url()).isEqualTo("https://ci.example.com/1");
            assertThat(m.updateKey()).isEqualTo("deployment:acme/widget:3");
        }

        @Test
        void v9_workflowJob() {
            NeutralMessage m = format(github("workflow_job", "{'workflow_job':{'name':'test','status':'completed',"
                    + "'conclusion':'failure','workflow_name':'CI','head_branch':'main','head_sha':'abc123def456'}}"));

            assertThat(m.title()).isEqualTo("acme/widget: Job test — failure");
            assertThat(m.fields()).extracting(NeutralMessage.Field::value).containsExactly("❌ failure", "test", "CI",
                    "[`main`](" + BASE + "/tree/main)", "[`abc123d`](" + BASE + "/commit/abc123def456)");
        }
    }

    @Nested
    class Milestone {

        @Test
        void v10_closed() {
            NeutralMessage m = format(github("milestone", "{'action':'closed','milestone':{'title':'v1','number':3,"
                    + "'state':'closed','open_issues':1,'closed_issues':3,'due_on':'2026-03-01T08:00:00Z'}}"));

            assertThat(m.title()).isEqualTo("acme/widget: ✅ Milestone Closed: v1");
            assertThat(m.color()).isEqualTo(2991182);
            assertThat(m.fields()).containsExactly(field("Milestone", "v1", true), field("Number", "#3", true),
                    field("Progress", "🟢🟢🟢 3/4 (75%)", false), field("Due", "2026-03-01", true));
        }

        @Test
        void v10_emojiOffKeepsTheProgressBar() {
            NeutralMessage m = formatWith(github("milestone", "{'action':'created','milestone':{'title':'v1',"
                    + "'state':'open','open_issues':4,'closed_issues':0}}"), TestEvents.group("en", false));

            assertThat(m.title()).isEqualTo("acme/widget: Milestone Created: v1");
            assertThat(m.fields()).contains(field("Progress", "⬜ 0/4 (0%)", false));
        }
    }

    @Nested
    class Custom {

        private NeutralMessage custom(ObjectNode payload) {
            return TestEvents.formatter().format(TestEvents.raw("custom", "custom", payload), TestEvents.group("en", true),
                    TestEvents.route(List.of())).message();
        }

        @Test
        void v11_capsEverything() {
            ObjectNode payload = json("{'title':'Deploy failed','repo':'acme/widget','color':'red'}");
            payload.put("description", "x".repeat(5000));
            ArrayNode fields = payload.putArray("fields");
            for (int i = 0; i < 30; i++) {
                fields.add(json("{'name':'f" + i + "','value':'" + "y".repeat(2000) + "'}"));
            }
            NeutralMessage m = custom(payload);

            assertThat(m.title()).isEqualTo("acme/widget: Deploy failed");
            assertThat(m.color()).isEqualTo(16273737);
            assertThat(m.description()).hasSize(4096);
            assertThat(m.fields()).hasSize(25).allSatisfy(f -> assertThat(f.value()).hasSize(1024));
        }

        @Test
        void v11_fixtureWithoutSchemaFields() {
            NeutralMessage m = custom(json("{'title':'Deploy finished','repository':{'full_name':'acme/widget'},'message':'…'}"));

            assertThat(m.title()).isEqualTo("acme/widget: Deploy finished");
            assertThat(m.color()).isEqualTo(7239297);
            assertThat(m.footer()).isEqualTo("acme/widget");
            assertThat(m.author()).isNull();
            assertThat(m.description()).isNull();
        }

        @Test
        void v11_hexColourAndNoFooter() {
            NeutralMessage m = custom(json("{'title':'Disk: full','color':'#ABCDEF'}"));

            assertThat(m.title()).isEqualTo("Disk: full");
            assertThat(m.color()).isEqualTo(11259375);
            assertThat(m.footer()).isNull();
        }

        @Test
        void pipelineExample() {
            NeutralMessage m = custom(json("{'title':'Deploy failed','repo':'acme/widget','color':'red','description':'prod down'}"));

            assertThat(m.title()).isEqualTo("acme/widget: Deploy failed");
            assertThat(m.description()).isEqualTo("prod down");
            assertThat(m.color()).isEqualTo(0xf85149);
        }

        @Test
        void fallbackTitleIsLocalized_authorOnlyWithAnObject_badEntriesDropped() {
            ObjectNode payload = json("{'title':'   ','color':'grey','url':'javascript:alert(1)','author':{'name':'Bot','url':'https://x.example/bot'},"
                    + "'fields':[{'name':'a','value':'1','inline':true},{'name':'b','value':2},{'name':'','value':'v','inline':'yes'},{'name':'c','value':''}],"
                    + "'footer':'custom footer','sender':{'login':'octocat','avatar_url':'https://a.example/o.png'}}");
            NeutralMessage en = custom(payload);
            NeutralMessage zh = TestEvents.formatter().format(TestEvents.raw("custom", "custom", payload),
                    TestEvents.group("zh", true), TestEvents.route(List.of())).message();

            assertThat(en.title()).isEqualTo("Custom message");
            assertThat(zh.title()).isEqualTo("自定义消息");
            assertThat(en.color()).isEqualTo(0x6e7681);
            assertThat(en.url()).isNull();
            assertThat(en.author()).isEqualTo(new NeutralMessage.Author("Bot", "https://a.example/o.png", "https://x.example/bot"));
            assertThat(en.fields()).containsExactly(field("a", "1", true), field("\u200b", "v", false));
            assertThat(en.footer()).isEqualTo("custom footer");
        }
    }

    @Nested
    class Misc {

        @Test
        void v12_issueCommentReusesTheIssueTitle() {
            NeutralMessage m = format(github("issue_comment", "{'action':'created','issue':{'number':3,'title':'Bug report',"
                    + "'html_url':'" + BASE + "/issues/3'},'comment':{'id':77,'body':'<p>Looks <b>bad</b></p>'}}"));

            assertThat(m.title()).isEqualTo("acme/widget#3: Bug report");
            assertThat(m.url()).isEqualTo(BASE + "/issues/3");
            assertThat(m.description()).isEqualTo("💬 **Created** comment\n\n> Looks bad");
            assertThat(m.updateKey()).isEqualTo("issue_comment:acme/widget:77");
        }

        @Test
        void v12_commitCommentWithoutCommit() {
            NeutralMessage m = format(github("commit_comment", "{'comment':{'body':'nice'}}"));

            assertThat(m.title()).isEqualTo("acme/widget: Comment on commit");
            assertThat(m.fields()).isEmpty();
        }

        @Test
        void v12_ping() {
            NeutralMessage m = format(github("ping", "{'zen':'Keep it simple.','hook_id':1}"));

            assertThat(m.title()).isEqualTo("acme/widget: Webhook ping");
            assertThat(m.fields().get(0).value()).isEqualTo("1");
            assertThat(m.description()).isEqualTo("Keep it simple.");
            assertThat(m.color()).isEqualTo(9147550);
        }

        @Test
        void v12_unknownEvent() {
            NeutralMessage m = format(github("custom_event", "{'action':'ran'}"));

            assertThat(m.title()).isEqualTo("acme/widget: custom_event: ran");
            assertThat(m.color()).isEqualTo(9147550);
        }

        @Test
        void v12_forgeLabel() {
            Group group = TestEvents.group("en", true, List.of(new Group.ForgeSource("git.example.com", "gitea", "内网 Gitea")));
            WebhookEvent push = TestEvents.raw("gitea", "push", json("{'ref':'refs/heads/main','commits':[],"
                    + "'repository':{'full_name':'owner/repo','html_url':'https://git.example.com/owner/repo'},'sender':{'login':'u'}}"));

            NeutralMessage m = formatWith(push, group);
            NeutralMessage without = formatWith(push, TestEvents.group("en", true));

            assertThat(m.forge()).isEqualTo(new NeutralMessage.Forge("内网 Gitea", "https://git.example.com",
                    "https://git.example.com/assets/img/favicon.png"));
            assertThat(m.footer()).isEqualTo("owner/repo");
            assertThat(without.forge()).isNull();
        }

        @Test
        void v12_githubForgeWithoutRepository() {
            Group group = TestEvents.group("en", true, List.of(new Group.ForgeSource("github.com", "github", " ")));
            NeutralMessage m = formatWith(TestEvents.raw("github", "ping", json("{'zen':'z','hook_id':2}")), group);

            assertThat(m.forge()).isEqualTo(new NeutralMessage.Forge("github.com", "https://github.com",
                    "https://github.com/fluidicon.png"));
            assertThat(m.title()).isEqualTo("repository: Webhook ping");
            assertThat(m.footer()).isEqualTo("GitHub");
        }

        @Test
        void repoLessGiteaFooterNamesGitea() {
            NeutralMessage m = format(TestEvents.raw("gitea", "package", json("{'action':'created'}")));

            assertThat(m.footer()).isEqualTo("Gitea");
        }

        @Test
        void v12_mentionRoles() {
            FormattedMessage m = TestEvents.formatter().format(github("ping", "{'zen':'z'}"), null,
                    TestEvents.route(List.of("111", "222")));

            assertThat(m.message().mentionRoleIds()).containsExactly("111", "222");
        }

        @Test
        void timestampIsTheGivenReceiveTime() {
            FormattedMessage m = TestEvents.formatter().format(github("ping", "{'zen':'z'}"), null,
                    TestEvents.route(List.of()), java.time.Instant.parse("2026-01-02T03:04:05Z"));

            assertThat(m.message().timestamp()).isEqualTo("2026-01-02T03:04:05Z");
        }

        @Test
        void emojiOff_repositoryCreatedAndLabeledIssue() {
            Group off = TestEvents.group("en", false);
            NeutralMessage repo = formatWith(github("repository", "{'action':'created','repository':{'full_name':'acme/widget',"
                    + "'html_url':'" + BASE + "','visibility':'public'}}"), off);
            NeutralMessage issue = formatWith(github("issues", "{'action':'labeled','issue':{'number':1,'title':'t'}}"), off);

            assertThat(repo.title()).isEqualTo("acme/widget: Repository Created");
            assertThat(repo.description()).isEqualTo("[Open repository](" + BASE + ")");
            assertThat(issue.description()).isEqualTo("**Labeled** issue");
        }

        @Test
        void theGroupsEmojiSettingTravelsWithTheMessageForTheRenderers() {
            WebhookEvent ping = github("ping", "{'zen':'z'}");

            assertThat(formatWith(ping, TestEvents.group("en", false)).emoji()).isFalse();
            assertThat(formatWith(ping, TestEvents.group("en", true)).emoji()).isTrue();
            assertThat(TestEvents.formatter().format(ping, null, TestEvents.route(List.of())).message().emoji()).isTrue();
        }

        @Test
        void repositoryRenamedAndTransferredReadGithubsPaths() {
            NeutralMessage renamed = format(github("repository", "{'action':'renamed','repository':{'full_name':'acme/widget2'},"
                    + "'changes':{'repository':{'name':{'from':'widget'}}}}"));
            NeutralMessage transferred = format(github("repository", "{'action':'transferred','repository':{'full_name':'acme/widget',"
                    + "'owner':{'login':'acme'}},'changes':{'owner':{'from':{'organization':{'login':'old-org'}}}}}"));

            assertThat(renamed.fields()).containsExactly(field("Renamed", "widget → acme/widget2", false));
            assertThat(transferred.fields()).containsExactly(field("Transferred", "old-org → acme", false));
        }

        @Test
        void codeScanningUsesTheSecuritySeverityLevel() {
            NeutralMessage m = format(github("code_scanning_alert", "{'action':'created','alert':{'html_url':'" + BASE
                    + "/security/code-scanning/1','rule':{'id':'js/xss','severity':'warning','security_severity_level':'critical'}}}"));

            assertThat(m.color()).isEqualTo(0xf85149);
            assertThat(m.fields().get(0).value()).isEqualTo("🔴 critical");
            assertThat(m.url()).isEqualTo(BASE + "/security/code-scanning/1");
        }

        @Test
        void reviewCommentShowsTheFileLine() {
            NeutralMessage m = format(github("pull_request_review_comment", "{'comment':{'id':5,'body':'x','path':'a.txt',"
                    + "'position':40,'line':12},'pull_request':{'number':2,'title':'PR'}}"));

            assertThat(m.fields()).containsExactly(field("File", "`a.txt` (line 12)", false));
            assertThat(m.updateKey()).isEqualTo("pull_request_review_comment:acme/widget:5");
        }

        @Test
        void reviewStateColours() {
            NeutralMessage approved = format(github("pull_request_review", "{'action':'submitted','review':{'id':8,'state':'approved',"
                    + "'body':''},'pull_request':{'number':2,'title':'PR'}}"));

            assertThat(approved.color()).isEqualTo(0x2da44e);
            assertThat(approved.description()).isEqualTo("✅ **Submitted** review");
            assertThat(approved.updateKey()).isEqualTo("pull_request_review:acme/widget:8");
        }

        @Test
        void releaseWithBlankNameUsesTheTag() {
            NeutralMessage m = format(github("release", "{'action':'prereleased','release':{'id':4,'name':'','tag_name':'v2.0-rc1','prerelease':true}}"));

            assertThat(m.title()).isEqualTo("acme/widget: v2.0-rc1");
            assertThat(m.description()).isEqualTo("⚠️ **Pre-released** release `v2.0-rc1`");
            assertThat(m.color()).isEqualTo(0xd29922);
        }

        @Test
        void releaseListsItsAssets() {
            NeutralMessage m = format(github("release", "{'action':'published','release':{'tag_name':'v1','assets':["
                    + "{'name':'app.zip','browser_download_url':'https://dl.example/app.zip'},{'name':'notes.txt'}]}}"));

            assertThat(m.fields()).containsExactly(field("Assets", "[app.zip](https://dl.example/app.zip)\nnotes.txt", false));
        }

        @Test
        void memberEditedIsNotRed() {
            NeutralMessage m = format(github("member", "{'action':'edited','member':{'login':'bob'}}"));

            assertThat(m.title()).isEqualTo("acme/widget: 👤 Edited collaborator: bob");
            assertThat(m.color()).isNotEqualTo(0xf85149);
        }

        @Test
        void chineseUsesTranslatedWords() {
            NeutralMessage m = formatWith(github("create", "{'ref':'dev','ref_type':'branch'}"), TestEvents.group("zh", true));

            assertThat(m.title()).isEqualTo("acme/widget: 🌿 已创建分支 [`dev`](" + BASE + "/tree/dev)");
            assertThat(m.fields().get(0)).isEqualTo(field("类型", "分支", true));
        }
    }
}
