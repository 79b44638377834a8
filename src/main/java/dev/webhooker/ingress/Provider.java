package dev.webhooker.ingress;

/** Who sent a delivery; {@link #wireName()} is the value stored and matched by routing. */
public enum Provider {
    GITHUB("github"), GITEA("gitea"), CUSTOM("custom");

    private final String wireName;

    Provider(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }
}
