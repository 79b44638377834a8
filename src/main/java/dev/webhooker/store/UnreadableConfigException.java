package dev.webhooker.store;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Stored rows this instance cannot read stand in the way: a write would delete or replace them unseen (a whole-list
 * write built from what it could read), or a read would give an incomplete copy (an export). Nothing was written.
 */
public class UnreadableConfigException extends RuntimeException {

    private final transient List<UnreadableRow> rows;
    private final boolean write;

    /** A write refused: it would delete or replace {@code rows}. */
    public UnreadableConfigException(List<UnreadableRow> rows) {
        this(rows, true, "nothing was written: this instance cannot read " + list(rows) + ", and the write would delete or replace "
                + (rows.size() == 1 ? "it" : "them") + "; " + ADVICE);
    }

    private UnreadableConfigException(List<UnreadableRow> rows, boolean write, String message) {
        super(message, null, false, false);
        this.rows = List.copyOf(rows);
        this.write = write;
    }

    /** A read refused because leaving {@code rows} out would make {@code what} incomplete without saying so. */
    public static UnreadableConfigException onRead(List<UnreadableRow> rows, String what) {
        return new UnreadableConfigException(rows, false, what + " would be incomplete: this instance cannot read " + list(rows) + "; "
                + ADVICE);
    }

    private static final String ADVICE = "a sealed value opens only with the key that sealed it (WEBHOOKER_SECRET_KEY, or the old "
            + "one in WEBHOOKER_SECRET_KEY_PREVIOUS)";

    private static String list(List<UnreadableRow> rows) {
        return rows.stream().map(UnreadableRow::toString).collect(Collectors.joining(", "));
    }

    /** The rows in the way. */
    public List<UnreadableRow> rows() {
        return rows;
    }

    /** True for a refused write (nothing was written), false for a refused read. */
    public boolean write() {
        return write;
    }
}
