package dev.webhooker.secrets;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.config.InvalidSettingException;
import dev.webhooker.queue.DeliveryTargets;
import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;

/**
 * Stops a start whose key is not the one this database's secrets were sealed with. Every instance sharing the
 * database reads what the others sealed; one that started with another key (a typo in one pod, a rotation without
 * WEBHOOKER_SECRET_KEY_PREVIOUS) would otherwise run with every sealed value unreadable to it.
 *
 * <p>The database keeps a verifier of the key in {@code secret_key_check}: HMAC-SHA256 of a fixed label under the key
 * (the key's {@link SecretBox#purposeKeys purpose key} for this check, used for nothing else), which tells whether
 * two keys are the same; the key cannot be recovered from it. A start passes when the verifier is its key's; when it is its
 * previous key's (a rotation), the verifier moves to the new key. A database without a verifier gets one at the
 * first start — the key is first tried on the sealed values it already holds, if any (an upgrade from a version
 * without the check): at least one of them must open.
 */
final class SecretKeyCheck {

    static final String PURPOSE = "secret-key-check";

    private static final Logger LOG = LoggerFactory.getLogger(SecretKeyCheck.class);
    /** A sealed value inside stored JSON ({@code "v1:…"}), as {@link SecretBox} writes it. */
    private static final Pattern SEALED_IN_JSON = Pattern.compile("\"(v1:[A-Za-z0-9+/=_-]+)\"");
    /** How many stored sealed values an upgrade tries at most: one that opens is enough. */
    private static final int SAMPLES = 20;

    private final JdbcTemplate jdbc;
    private final KvStore kv;
    private final SecretBox box;
    private final String keySource;
    private final Clock clock;

    /** {@code keySource}: where the key came from, as the refusal names it (the variable, or the key file). */
    SecretKeyCheck(JdbcTemplate jdbc, KvStore kv, SecretBox box, String keySource, Clock clock) {
        this.jdbc = jdbc;
        this.kv = kv;
        this.box = box;
        this.keySource = keySource;
        this.clock = clock;
    }

    /** Passes, records the verifier, or throws {@link InvalidSettingException} naming WEBHOOKER_SECRET_KEY. */
    void verify() {
        List<String> verifiers = box.purposeKeys(PURPOSE).stream().map(HexFormat.of()::formatHex).toList();
        String current = verifiers.get(0);
        for (int attempt = 0; attempt < 2; attempt++) {
            List<String> stored = jdbc.queryForList("SELECT verifier FROM secret_key_check WHERE id = 1", String.class);
            if (!stored.isEmpty()) {
                check(stored.get(0), verifiers);
                return;
            }
            requireOpensStoredValues();
            long now = clock.millis();
            try {
                jdbc.update("INSERT INTO secret_key_check (id, verifier, created_at, updated_at) VALUES (1, ?, ?, ?)", current, now, now);
                LOG.info("recorded which key seals this database's secrets ({}); instances started with another key will stop at start",
                        keySource);
                return;
            } catch (DuplicateKeyException raced) {
                // another instance recorded its key meanwhile: check against that one
            }
        }
        throw new IllegalStateException("secret_key_check: no verifier could be read or written");
    }

    private void check(String stored, List<String> verifiers) {
        if (stored.equals(verifiers.get(0))) {
            return;
        }
        if (verifiers.size() > 1 && stored.equals(verifiers.get(1))) {
            jdbc.update("UPDATE secret_key_check SET verifier = ?, updated_at = ? WHERE id = 1 AND verifier = ?",
                    verifiers.get(0), clock.millis(), stored);
            LOG.info("WEBHOOKER_SECRET_KEY rotated: the database now expects the new key; keep the old one in "
                    + "WEBHOOKER_SECRET_KEY_PREVIOUS while values sealed with it remain");
            return;
        }
        throw mismatch("is not the key this database's secrets were sealed with");
    }

    /** An upgrade: the database may hold values sealed before it kept a verifier. At least one must open. */
    private void requireOpensStoredValues() {
        List<String> samples = sealedSamples();
        if (samples.isEmpty()) {
            return;
        }
        for (String sealed : samples) {
            try {
                box.open(sealed);
                return;
            } catch (SecretBox.SealedValueException wrongKey) {
                // try the next: one value may be damaged while the key is right
            }
        }
        throw mismatch("opens none of the " + samples.size() + " sealed values this database holds");
    }

    private List<String> sealedSamples() {
        List<String> samples = new ArrayList<>();
        List<String> texts = new ArrayList<>(jdbc.queryForList(
                "SELECT targets FROM d1_routes WHERE targets LIKE '%\"v1:%' LIMIT " + SAMPLES, String.class));
        texts.addAll(DeliveryTargets.sealedTargetJson(jdbc, SAMPLES));
        for (String text : texts) {
            Matcher m = SEALED_IN_JSON.matcher(text);
            while (m.find() && samples.size() < SAMPLES) {
                samples.add(m.group(1));
            }
        }
        if (samples.isEmpty()) {
            // group webhook secrets live in the KV store (Redis when REDIS_URL is set), one per group
            for (String groupId : jdbc.queryForList("SELECT id FROM d1_groups ORDER BY position, id LIMIT " + SAMPLES, String.class)) {
                try {
                    kv.get(KvKeys.TENANT.key(groupId)).filter(box::isSealed).ifPresent(samples::add);
                } catch (RuntimeException e) {
                    // recording a key nobody checked would let every later start with it pass
                    throw new IllegalStateException("cannot check WEBHOOKER_SECRET_KEY against the groups' webhook secrets: the KV "
                            + "store does not answer (" + e.getMessage() + "); start again once it does", e);
                }
            }
        }
        return samples;
    }

    private InvalidSettingException mismatch(String problem) {
        return new InvalidSettingException("WEBHOOKER_SECRET_KEY", "the key (" + keySource + ") " + problem
                + "; give every instance the same WEBHOOKER_SECRET_KEY, and to rotate it put the old key in "
                + "WEBHOOKER_SECRET_KEY_PREVIOUS");
    }
}
