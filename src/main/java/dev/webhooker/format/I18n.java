package dev.webhooker.format;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The message dictionaries: English and Chinese ship with the application; KV {@code i18n:{lang}} may
 * override any key for any language, en and zh included, as nested objects or flat dotted keys.
 * Effective texts for a language = en built-in ← en override ← built-in of the language ← its override.
 * Overrides are cached for a short while so an edit shows up without a restart and without a KV read
 * per message.
 */
public class I18n {

    public static final String DEFAULT_LANG = "en";
    public static final Duration DEFAULT_CACHE_TTL = Duration.ofSeconds(30);


    private static final Logger log = LoggerFactory.getLogger(I18n.class);

    private final KvStore kv;
    private final ObjectMapper mapper;
    private final Clock clock;
    private final Duration cacheTtl;
    private final Dictionary englishBuiltIn;
    private final Map<String, Dictionary> builtIns = new ConcurrentHashMap<>();
    private final Map<String, CachedOverride> overrides = new ConcurrentHashMap<>();

    /** @param kv the override store; null means built-in texts only */
    public I18n(KvStore kv, ObjectMapper mapper, Clock clock, Duration cacheTtl) {
        this.kv = kv;
        this.mapper = mapper;
        this.clock = clock;
        this.cacheTtl = cacheTtl;
        this.englishBuiltIn = Dictionary.builtIn(DEFAULT_LANG, mapper);
    }

    /** Built-in texts only, no overrides. */
    public static I18n builtInOnly() {
        return new I18n(null, new ObjectMapper(), Clock.systemUTC(), DEFAULT_CACHE_TTL);
    }

    public String t(String lang, String key, Map<String, ?> params) {
        return forLanguage(lang).t(key, params);
    }

    /** The effective texts of a language; never fails (a broken override store means built-ins). */
    public Translations forLanguage(String lang) {
        String code = normalise(lang);
        Dictionary english = englishBuiltIn.overlay(override(DEFAULT_LANG));
        if (code.equals(DEFAULT_LANG)) {
            return new Translations(code, english, english);
        }
        Dictionary selected = english.overlay(builtIn(code)).overlay(override(code));
        return new Translations(code, selected, english);
    }

    /** The built-in dictionary of a language, exactly as shipped (for tests and the admin console). */
    public Dictionary builtIn(String lang) {
        String code = normalise(lang);
        return builtIns.computeIfAbsent(code, c -> {
            Dictionary exact = Dictionary.builtIn(c, mapper);
            int dash = c.indexOf('-');
            // "zh-cn" uses "zh" when there is no dictionary of its own.
            return exact.entries().isEmpty() && dash > 0 ? Dictionary.builtIn(c.substring(0, dash), mapper) : exact;
        });
    }

    static String normalise(String lang) {
        if (lang == null || lang.isBlank()) {
            return DEFAULT_LANG;
        }
        return lang.strip().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private Dictionary override(String lang) {
        if (kv == null) {
            return Dictionary.EMPTY;
        }
        Instant now = clock.instant();
        CachedOverride cached = overrides.get(lang);
        if (cached != null && now.isBefore(cached.expiresAt())) {
            return cached.dictionary();
        }
        Dictionary loaded = loadOverride(lang);
        overrides.put(lang, new CachedOverride(loaded, now.plus(cacheTtl)));
        return loaded;
    }

    private Dictionary loadOverride(String lang) {
        String key = KvKeys.I18N.key(lang);
        try {
            Optional<String> stored = kv.get(key);
            if (stored.isEmpty() || stored.get().isBlank()) {
                return Dictionary.EMPTY;
            }
            JsonNode json = mapper.readTree(stored.get());
            if (!json.isObject()) {
                log.warn("KV {} is not a JSON object; translation overrides ignored", key);
                return Dictionary.EMPTY;
            }
            return Dictionary.fromJson(json);
        } catch (JsonProcessingException e) {
            log.warn("KV {} is not valid JSON; translation overrides ignored: {}", key, e.getOriginalMessage());
            return Dictionary.EMPTY;
        } catch (RuntimeException e) {
            // A KV outage must not stop messages: use the built-in texts until the next refresh.
            log.warn("cannot read translation overrides {}: {}", key, e.toString());
            return Dictionary.EMPTY;
        }
    }

    private record CachedOverride(Dictionary dictionary, Instant expiresAt) {
    }
}
