package dev.webhooker.store;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A write refused because it would delete or replace stored rows this instance cannot read: a whole-list write
 * built from what it could read would otherwise remove them unseen. Nothing was written.
 */
public class UnreadableConfigException extends RuntimeException {

    private final transient List<UnreadableRow> rows;

    public UnreadableConfigException(List<UnreadableRow> rows) {
        super("nothing was written: this instance cannot read " + rows.stream().map(UnreadableRow::toString).collect(Collectors.joining(", "))
                + ", and the write would delete or replace " + (rows.size() == 1 ? "it" : "them")
                + "; a sealed value opens only with the key that sealed it (WEBHOOKER_SECRET_KEY, or the old one in "
                + "WEBHOOKER_SECRET_KEY_PREVIOUS)",
                null, false, false);
        this.rows = List.copyOf(rows);
    }

    /** The rows the write would have lost. */
    public List<UnreadableRow> rows() {
        return rows;
    }
}
