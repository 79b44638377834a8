package dev.webhooker.format;

/** The embed colours, by meaning. */
public final class Palette {

    public static final int GREEN = 0x2da44e;
    public static final int RED = 0xf85149;
    public static final int PURPLE = 0x8957e5;
    public static final int BLUE = 0x1f6feb;
    public static final int YELLOW = 0xd29922;
    public static final int GRAY = 0x8b949e;
    public static final int COMMENT_GRAY = 0x6e7681;

    public static final int PUSH = 0x2ea44f;
    public static final int CREATE = 0x3fb950;
    public static final int DEFAULT = GRAY;
    public static final int CUSTOM_DEFAULT = COMMENT_GRAY;
    public static final int LOG_OK = 0x3fb950;
    public static final int LOG_FAIL = RED;

    private Palette() {
    }
}
