package dev.webhooker.chat.discord;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.filter.OncePerRequestFilter;

import dev.webhooker.web.EarlyAnswer;

/**
 * Refuses an interaction request whose signature headers are missing, malformed or stale before its body is read
 * (registered ahead of the filter that reads bodies): a caller without a plausible signature gets the same 401
 * as one with a wrong signature, and the connection is closed with the body unread.
 */
final class InteractionHeadersFilter extends OncePerRequestFilter {

    static final String PATH = "/discord/interactions";
    private static final Logger LOG = LoggerFactory.getLogger(InteractionHeadersFilter.class);
    private static final byte[] INVALID = "Invalid signature".getBytes(StandardCharsets.UTF_8);

    private final InteractionSignature signature;
    private final Clock clock;

    InteractionHeadersFilter(InteractionSignature signature, Clock clock) {
        this.signature = signature;
        this.clock = clock;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !"POST".equals(request.getMethod()) || !PATH.equals(request.getRequestURI());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (signature.plausible(request.getHeader("X-Signature-Ed25519"), request.getHeader("X-Signature-Timestamp"), clock.instant())) {
            chain.doFilter(request, response);
            return;
        }
        if (!signature.configured()) {
            LOG.warn("Discord interaction refused: DISCORD_PUBLIC_KEY is not set, so no request can be verified");
        }
        EarlyAnswer.write(request, response, 401, "text/plain", INVALID);
    }
}
