package dev.webhooker.format;

/** One final (route × target) outcome in a group's delivery summary; {@code error} is null on success. */
public record GroupLogLine(String routeName, String targetId, boolean ok, String error) {
}
