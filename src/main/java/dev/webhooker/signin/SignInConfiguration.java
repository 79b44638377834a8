package dev.webhooker.signin;

import java.time.Clock;

import jakarta.servlet.DispatcherType;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.web.servlet.DelegatingFilterProxyRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.authorization.AuthorizationDecision;
import org.springframework.security.authorization.AuthorizationManager;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.security.oauth2.client.web.OAuth2AuthorizationRequestRedirectFilter;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.intercept.RequestAuthorizationContext;
import org.springframework.security.web.context.SecurityContextHolderFilter;

import dev.webhooker.access.Access;
import dev.webhooker.access.ScopeResolver;
import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.github.GithubClient;
import dev.webhooker.configfile.ConfigFileSync;
import dev.webhooker.audit.AuditLog;
import dev.webhooker.format.LinkedAccounts;
import dev.webhooker.platform.telegram.TelegramClient;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.secrets.SecretBox;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.store.KvStore;

/**
 * Sign-in and access: Spring Security with GitHub as OAuth client, sessions and
 * pending states in our KV, tokens sealed in KV. The security filter runs on {@code /admin}, {@code /auth}
 * and {@code /api} only, so the webhook endpoints, {@code /health} and the chat endpoints never pass through
 * it and never need a session.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSecurity
class SignInConfiguration {

    /** The paths the security filter is registered for (servlet URL patterns). */
    static final String[] SECURED = {"/admin", "/admin/*", "/auth/*", "/api/*"};

    @Bean
    ClientRegistrationRepository githubRegistrations(WebhookerProperties properties) {
        return GithubSignIn.registrations(properties);
    }

    @Bean
    SessionCookie sessionCookie(WebhookerProperties properties) {
        return new SessionCookie(properties.baseUrl());
    }

    @Bean
    AdminSessions adminSessions(KvStore kv, WebhookerProperties properties, ObjectProvider<Clock> clock) {
        return new AdminSessions(kv, properties.admin().sessionIdleTimeout(), clock.getIfAvailable(Clock::systemUTC));
    }

    @Bean
    TokenVault tokenVault(KvStore kv, SecretBox box, ClientRegistrationRepository registrations, ObjectProvider<Clock> clock) {
        return new TokenVault(kv, box, registrations, clock.getIfAvailable(Clock::systemUTC));
    }

    @Bean
    GithubUserTokens githubUserTokens(ClientRegistrationRepository registrations, TokenVault vault, GithubClient githubClient) {
        return new GithubUserTokens(registrations, vault, githubClient);
    }

    @Bean
    LinkRequests linkRequests(KvStore kv, WebhookerProperties properties, ClientRegistrationRepository githubRegistrations) {
        return new LinkRequests(kv, properties.baseUrl(), githubRegistrations.findByRegistrationId(GithubSignIn.REGISTRATION_ID) != null);
    }

    @Bean
    ApiTokens apiTokens(JdbcTemplate jdbc, ObjectProvider<Clock> clock) {
        return new ApiTokens(jdbc, clock.getIfAvailable(Clock::systemUTC));
    }

    @Bean
    AccountLinks accountLinks(JdbcTemplate jdbc, AuditLog audit) {
        return new AccountLinks(jdbc, audit);
    }

    /** The chat accounts people linked, for messages to mention the person they ask to act. */
    @Bean
    LinkedAccounts linkedAccounts(AccountLinks links) {
        return links::chatUsersOf;
    }

    @Bean
    ChatLinkFlow chatLinkFlow(KvStore kv, LinkRequests linkRequests, AccountLinks accountLinks, TelegramClient telegramClient) {
        return new ChatLinkFlow(kv, linkRequests, accountLinks, telegramClient);
    }

    @Bean
    ScopeResolver scopeResolver(WebhookerProperties properties) {
        return new ScopeResolver(properties.admin().userIdList());
    }

    @Bean
    RequestAccess requestAccess(ScopeResolver resolver, ConfigSnapshots snapshots) {
        return new RequestAccess(resolver, snapshots);
    }

    @Bean
    SelfSignup selfSignup(WebhookerProperties properties, ConfigRepository repository, ConfigSnapshots snapshots, AuditLog audit,
                          ObjectProvider<ConfigFileSync> configFile) {
        return new SelfSignup(properties.admin().allowSelfSignup(), repository, snapshots, audit, ConfigFileSync.writesAllowed(configFile),
                properties.limits().groupsPerUser());
    }

    @Bean
    SecurityFilterChain signInChain(HttpSecurity http, WebhookerProperties properties, KvStore kv, AdminSessions sessions,
                                    SessionCookie cookies, ClientRegistrationRepository registrations, TokenVault tokens,
                                    RequestAccess access, SelfSignup selfSignup, AuditLog audit, ObjectProvider<Clock> clock,
                                    LinkRequests linkRequests, ChatLinkFlow chatLinkFlow, ApiTokens apiTokens, ConfigSnapshots snapshots,
                                    GithubClient githubClient)
            throws Exception {
        InviteLinks invites = new InviteLinks(kv, snapshots, clock.getIfAvailable(Clock::systemUTC));
        KvAuthorizationRequests states = new KvAuthorizationRequests(kv, registrations, cookies, clock.getIfAvailable(Clock::systemUTC),
                linkRequests);
        // the admin API's gate: a console session or an admin API token, then any access; a denied anonymous
        // caller gets the entry point's 401, a denied signed-in one the 403
        AuthorizationManager<RequestAuthorizationContext> sessionWithAccess = (authentication, context) -> new AuthorizationDecision(
                (RequestAccess.sessionCaller().isPresent() || BearerTokenFilter.adminToken(context.getRequest()))
                        && access.of(context.getRequest()).map(Access::hasAnyAccess).orElse(false));
        http.securityMatcher("/admin", "/admin/**", "/auth/**", "/api/**")
                .csrf(AbstractHttpConfigurer::disable)
                .requestCache(AbstractHttpConfigurer::disable)
                .logout(AbstractHttpConfigurer::disable)
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.NEVER))
                .securityContext(c -> c.securityContextRepository(new KvSessionContextRepository(sessions, access)))
                .addFilterBefore(new SignInRateLimit(properties.admin().signInRateLimit()), SecurityContextHolderFilter.class)
                .addFilterBefore(new OriginCheck(properties.baseUrl()), OAuth2AuthorizationRequestRedirectFilter.class)
                .addFilterBefore(new BearerTokenFilter(tokens, apiTokens), OAuth2AuthorizationRequestRedirectFilter.class)
                .oauth2Login(login -> login
                        .clientRegistrationRepository(registrations)
                        .authorizedClientRepository(new DeferredTokenSave(tokens))
                        .loginPage("/admin/login")
                        .authorizationEndpoint(a -> a
                                .authorizationRequestResolver(new GithubAuthorizationRequests(registrations, linkRequests))
                                .authorizationRequestRepository(states))
                        .loginProcessingUrl(KvAuthorizationRequests.CALLBACK_PATH)
                        .tokenEndpoint(t -> t.accessTokenResponseClient(GithubSignIn.codeExchange(githubClient)))
                        .userInfoEndpoint(u -> u.userService(GithubSignIn.users(githubClient)))
                        .successHandler(new SignInSuccessHandler(sessions, cookies, access, selfSignup, audit, chatLinkFlow, tokens, invites))
                        .failureHandler(new SignInFailureHandler()))
                .exceptionHandling(e -> e
                        .authenticationEntryPoint((request, response, ex) -> AuthAnswers.json(response, 401, "Unauthorized"))
                        .accessDeniedHandler((request, response, ex) -> AuthAnswers.json(response, 403, "Forbidden")))
                .authorizeHttpRequests(a -> a
                        .requestMatchers("/admin/api/**").access(sessionWithAccess)
                        .anyRequest().permitAll());
        return http.build();
    }

    /** In place of Boot's registration on every path (SecurityFilterAutoConfiguration is excluded). */
    @Bean
    DelegatingFilterProxyRegistrationBean securityFilterChainRegistration() {
        DelegatingFilterProxyRegistrationBean registration = new DelegatingFilterProxyRegistrationBean("springSecurityFilterChain");
        registration.setOrder(-100);
        registration.addUrlPatterns(SECURED);
        // a request whose body arrived slowly reaches the chain in the dispatch that resumes it (web.RequestBodyFilter)
        registration.setDispatcherTypes(DispatcherType.REQUEST, DispatcherType.ASYNC);
        return registration;
    }
}
