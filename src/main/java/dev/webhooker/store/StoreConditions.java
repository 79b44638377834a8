package dev.webhooker.store;

import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.StringUtils;

/**
 * Which store implementations a deployment uses. Environment variables cannot be unset to null, so a
 * blank value means "not configured" ({@code @ConditionalOnProperty} would treat it as set).
 */
final class StoreConditions {

    static final String REDIS_URL = "webhooker.redis-url";
    static final String S3_BUCKET = "webhooker.s3.bucket";

    private StoreConditions() {
    }

    private static boolean isSet(ConditionContext context, String property) {
        return StringUtils.hasText(context.getEnvironment().getProperty(property));
    }

    static final class RedisConfigured implements Condition {
        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return isSet(context, REDIS_URL);
        }
    }

    static final class RedisNotConfigured implements Condition {
        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return !isSet(context, REDIS_URL);
        }
    }

    static final class S3Configured implements Condition {
        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return isSet(context, S3_BUCKET);
        }
    }

    static final class S3NotConfigured implements Condition {
        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return !isSet(context, S3_BUCKET);
        }
    }
}
