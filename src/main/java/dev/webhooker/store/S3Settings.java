package dev.webhooker.store;

import java.net.URI;
import java.net.URISyntaxException;

import dev.webhooker.config.InvalidSettingException;
import dev.webhooker.config.WebhookerProperties;

/**
 * The checked S3 settings: bucket ({@code S3_BUCKET}), optional endpoint of an S3-compatible server
 * ({@code S3_ENDPOINT}, then addressed path-style), region ({@code S3_REGION}) and static keys
 * ({@code S3_ACCESS_KEY} / {@code S3_SECRET_KEY}; without them the AWS default credential chain is used).
 * Checking needs no network, so a wrong value stops start-up while an unreachable server does not.
 */
public record S3Settings(String bucket, URI endpoint, String region, String accessKey, String secretKey) {

    public static final String DEFAULT_REGION = "us-east-1";

    public static S3Settings from(WebhookerProperties.S3 s3) {
        String bucket = trim(s3.bucket());
        if (bucket == null || !bucket.matches("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]")) {
            throw new InvalidSettingException("S3_BUCKET",
                    "must be an S3 bucket name (3-63 lowercase letters, digits, '.' or '-'), got '" + s3.bucket() + "'");
        }
        String region = trim(s3.region()) == null ? DEFAULT_REGION : trim(s3.region());
        if (!region.matches("[a-z0-9-]+")) {
            throw new InvalidSettingException("S3_REGION", "must look like us-east-1, got '" + s3.region() + "'");
        }
        String accessKey = trim(s3.accessKey());
        String secretKey = trim(s3.secretKey());
        if (accessKey != null && secretKey == null) {
            throw new InvalidSettingException("S3_SECRET_KEY", "is required when S3_ACCESS_KEY is set");
        }
        if (secretKey != null && accessKey == null) {
            throw new InvalidSettingException("S3_ACCESS_KEY", "is required when S3_SECRET_KEY is set");
        }
        return new S3Settings(bucket, endpoint(trim(s3.endpoint())), region, accessKey, secretKey);
    }

    private static URI endpoint(String value) {
        if (value == null) {
            return null;
        }
        InvalidSettingException notHttp = new InvalidSettingException("S3_ENDPOINT",
                "must be an http(s) URL such as http://127.0.0.1:9000, got '" + value + "'");
        URI uri;
        try {
            uri = new URI(value);
        } catch (URISyntaxException e) {
            throw notHttp;
        }
        if (!"http".equalsIgnoreCase(uri.getScheme()) && !"https".equalsIgnoreCase(uri.getScheme()) || uri.getHost() == null) {
            throw notHttp;
        }
        if (uri.getRawUserInfo() != null || uri.getRawQuery() != null) {
            throw new InvalidSettingException("S3_ENDPOINT",
                    "takes no user info or query (keys go in S3_ACCESS_KEY / S3_SECRET_KEY), got '" + uri.getHost() + "'");
        }
        return uri;
    }

    public boolean staticCredentials() {
        return accessKey != null;
    }

    private static String trim(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }

    @Override
    public String toString() {
        return "s3://" + bucket + (endpoint != null ? " at " + endpoint : "") + " (" + region + ")";
    }
}
