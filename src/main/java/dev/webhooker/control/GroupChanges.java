package dev.webhooker.control;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.webhooker.routing.Group;

/**
 * What an edit changes in a group: the fields (for the audit's {@code group.update}), whether it touches
 * the sender gates only super admins may set, and the member changes (each audited on its own).
 */
record GroupChanges(List<String> fields, List<String> gateFields, List<MemberChange> members) {

    /** {@code action} is {@code add}, {@code remove} or {@code role}; {@code role} the new one (null on remove). */
    record MemberChange(String action, String login, String role) {
    }

    static GroupChanges between(Group before, Group after) {
        List<String> fields = new ArrayList<>();
        List<String> gates = new ArrayList<>();
        compare(fields, "name", before.name(), after.name());
        compare(fields, "emoji", before.emoji(), after.emoji());
        compare(fields, "lang", before.lang(), after.lang());
        compare(fields, "logTarget", before.logTarget(), after.logTarget());
        compare(fields, "providers", before.providers(), after.providers());
        compare(fields, "forgeSources", before.forgeSources(), after.forgeSources());
        compare(fields, "people", before.people(), after.people());
        compare(fields, "requireReplayProtection", before.requireReplayProtection(), after.requireReplayProtection());
        compare(fields, "members", before.members(), after.members());
        compare(gates, "owners", before.owners(), after.owners());
        compare(gates, "installationId", before.installationId(), after.installationId());
        compare(gates, "globalWebhook", before.globalWebhook(), after.globalWebhook());
        List<String> all = new ArrayList<>(fields);
        all.addAll(gates);
        return new GroupChanges(all, gates, memberChanges(before.members(), after.members()));
    }

    private static void compare(List<String> changed, String field, Object before, Object after) {
        if (!Objects.equals(before, after)) {
            changed.add(field);
        }
    }

    private static List<MemberChange> memberChanges(List<Group.Member> before, List<Group.Member> after) {
        Map<String, Group.Member> old = byLogin(before);
        Map<String, Group.Member> now = byLogin(after);
        List<MemberChange> changes = new ArrayList<>();
        now.forEach((key, member) -> {
            Group.Member previous = old.get(key);
            if (previous == null) {
                changes.add(new MemberChange("add", member.login(), member.role()));
            } else if (!Objects.equals(previous.role(), member.role())) {
                changes.add(new MemberChange("role", member.login(), member.role()));
            }
        });
        old.forEach((key, member) -> {
            if (!now.containsKey(key)) {
                changes.add(new MemberChange("remove", member.login(), null));
            }
        });
        return changes;
    }

    private static Map<String, Group.Member> byLogin(List<Group.Member> members) {
        Map<String, Group.Member> map = new LinkedHashMap<>();
        for (Group.Member m : members) {
            if (m.login() != null) {
                map.putIfAbsent(m.login().trim().toLowerCase(Locale.ROOT), m);
            }
        }
        return map;
    }

    /** The audit detail of {@code group.update}: {@code {"fields": [...]}}. */
    String fieldsDetail() {
        ObjectNode detail = JsonNodeFactory.instance.objectNode();
        fields.forEach(detail.putArray("fields")::add);
        return detail.toString();
    }

    /**
     * {@code submitted} with the stored group's value of every field it leaves out: a save changes only what it sends
     * (a form that does not show the log target's thread, or the sender gates, keeps them); a field sent as null is
     * removed.
     */
    static ObjectNode keepingOmitted(ObjectNode submitted, ObjectNode stored) {
        stored.fieldNames().forEachRemaining(field -> {
            if (!submitted.has(field)) {
                submitted.set(field, stored.get(field));
            }
        });
        return submitted;
    }

    static boolean hasOwner(List<Group.Member> members) {
        return members.stream().anyMatch(m -> "owner".equals(m.role()));
    }
}
