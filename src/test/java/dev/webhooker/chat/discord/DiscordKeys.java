package dev.webhooker.chat.discord;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.util.Arrays;
import java.util.HexFormat;

/** A real Ed25519 application key pair, as Discord holds one: the public half as the portal shows it, signing as Discord does. */
public final class DiscordKeys {

    private final KeyPair pair;

    public DiscordKeys() {
        try {
            pair = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The raw 32-byte key in hex: the last 32 bytes of its X.509 encoding. */
    public String publicKeyHex() {
        byte[] encoded = pair.getPublic().getEncoded();
        return HexFormat.of().formatHex(Arrays.copyOfRange(encoded, encoded.length - 32, encoded.length));
    }

    public String sign(String timestamp, byte[] body) {
        try {
            Signature signer = Signature.getInstance("Ed25519");
            signer.initSign(pair.getPrivate());
            signer.update(timestamp.getBytes(StandardCharsets.UTF_8));
            signer.update(body);
            return HexFormat.of().formatHex(signer.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
