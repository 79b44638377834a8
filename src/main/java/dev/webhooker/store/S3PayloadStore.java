package dev.webhooker.store;

import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.component.aws2.s3.AWS2S3Component;
import org.apache.camel.component.aws2.s3.AWS2S3Configuration;
import org.apache.camel.component.aws2.s3.AWS2S3Constants;
import org.apache.camel.component.aws2.s3.AWS2S3Endpoint;
import org.apache.camel.component.aws2.s3.AWS2S3Operations;
import org.apache.camel.support.service.ServiceHelper;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.s3.model.DeleteObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.ListObjectsRequest;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * {@link PayloadStore} in an S3 bucket through Camel's aws2-s3 component.
 *
 * <p>The endpoint is built on first use, not at start-up: starting an aws2-s3 endpoint checks the bucket
 * (and creates it when missing), and a route with a static {@code to: aws2-s3:} would keep the service
 * from booting while S3 is down. If that first check fails the endpoint is thrown away and the next call
 * tries again. The endpoint runs in {@code pojoRequest} mode so each call sends exactly the SDK request
 * built here (the list call needs a marker to page past 1,000 keys).
 */
public class S3PayloadStore implements PayloadStore, AutoCloseable {

    /** S3's own maximum page; the component's list call returns only the objects, so a full page means "ask again". */
    static final int DEFAULT_LIST_PAGE = 1000;

    private final CamelContext camel;
    private final S3Settings settings;
    private final int listPage;
    private final ProducerTemplate producer;
    private AWS2S3Endpoint endpoint;

    public S3PayloadStore(CamelContext camel, S3Settings settings) {
        this(camel, settings, DEFAULT_LIST_PAGE);
    }

    S3PayloadStore(CamelContext camel, S3Settings settings, int listPage) {
        this.camel = camel;
        this.settings = settings;
        this.listPage = listPage;
        this.producer = camel.createProducerTemplate();
    }

    public S3Settings settings() {
        return settings;
    }

    @Override
    public void put(String key, byte[] body) {
        requireValid(key);
        send("put " + key, exchange -> {
            exchange.getIn().setHeader(AWS2S3Constants.KEY, key);
            exchange.getIn().setHeader(AWS2S3Constants.CONTENT_TYPE, "application/json");
            exchange.getIn().setHeader(AWS2S3Constants.CONTENT_LENGTH, (long) body.length);
            exchange.getIn().setBody(body);
        });
    }

    @Override
    public Optional<byte[]> get(String key) {
        requireValid(key);
        Exchange result;
        try {
            result = send("get " + key, exchange -> {
                exchange.getIn().setHeader(AWS2S3Constants.S3_OPERATION, AWS2S3Operations.getObject);
                exchange.getIn().setHeader(AWS2S3Constants.KEY, key);
                exchange.getIn().setBody(GetObjectRequest.builder().bucket(settings.bucket()).key(key).build());
            });
        } catch (PayloadStoreException e) {
            if (isNotFound(e.getCause())) {
                return Optional.empty();
            }
            throw e;
        }
        try (InputStream body = result.getMessage().getMandatoryBody(InputStream.class)) {
            return Optional.of(body.readAllBytes());
        } catch (IOException | org.apache.camel.InvalidPayloadException e) {
            throw new PayloadStoreException("cannot read payload " + key + " from " + settings + ": " + e.getMessage(), e);
        }
    }

    /** S3 answers a delete of a missing key with success, which is what the interface asks for. */
    @Override
    public void delete(String key) {
        requireValid(key);
        send("delete " + key, exchange -> {
            exchange.getIn().setHeader(AWS2S3Constants.S3_OPERATION, AWS2S3Operations.deleteObject);
            // the component reads the key header even when it is given a request object
            exchange.getIn().setHeader(AWS2S3Constants.KEY, key);
            exchange.getIn().setBody(DeleteObjectRequest.builder().bucket(settings.bucket()).key(key).build());
        });
    }

    @Override
    public List<StoredPayload> list(String prefix) {
        List<StoredPayload> found = new ArrayList<>();
        String marker = null;
        while (true) {
            ListObjectsRequest.Builder request = ListObjectsRequest.builder()
                    .bucket(settings.bucket()).prefix(prefix == null ? "" : prefix).maxKeys(listPage);
            if (marker != null) {
                request.marker(marker);
            }
            ListObjectsRequest page = request.build();
            Exchange result = send("list " + prefix, exchange -> {
                exchange.getIn().setHeader(AWS2S3Constants.S3_OPERATION, AWS2S3Operations.listObjects);
                exchange.getIn().setBody(page);
            });
            @SuppressWarnings("unchecked")
            List<S3Object> objects = result.getMessage().getBody(List.class);
            for (S3Object object : objects) {
                found.add(new StoredPayload(object.key(), object.lastModified() == null ? Instant.EPOCH : object.lastModified()));
            }
            if (objects.size() < listPage) {
                return found;
            }
            marker = objects.get(objects.size() - 1).key();
        }
    }

    /** Checks the bucket answers (creating the endpoint, and the bucket, on the first call). */
    public void probe() {
        Exchange result = send("check bucket", exchange -> {
            exchange.getIn().setHeader(AWS2S3Constants.S3_OPERATION, AWS2S3Operations.headBucket);
            exchange.getIn().setHeader(AWS2S3Constants.OVERRIDE_BUCKET_NAME, settings.bucket());
        });
        if (!Boolean.TRUE.equals(result.getMessage().getHeader(AWS2S3Constants.BUCKET_EXISTS, Boolean.class))) {
            throw new IllegalStateException("bucket " + settings.bucket() + " does not exist");
        }
    }

    private Exchange send(String what, Processor request) {
        Exchange result;
        try {
            result = producer.send(endpoint(), request);
        } catch (RuntimeException e) {
            throw new PayloadStoreException("cannot " + what + " in " + settings + ": " + rootMessage(e), e);
        }
        if (result.getException() != null) {
            Exception e = result.getException();
            throw new PayloadStoreException("cannot " + what + " in " + settings + ": " + rootMessage(e), e);
        }
        return result;
    }

    /** Builds and starts the endpoint once it can start; a failed start is retried on the next call. */
    private synchronized AWS2S3Endpoint endpoint() {
        if (endpoint != null) {
            return endpoint;
        }
        AWS2S3Configuration configuration = new AWS2S3Configuration();
        configuration.setBucketName(settings.bucket());
        configuration.setRegion(settings.region());
        configuration.setAutoCreateBucket(true);
        configuration.setPojoRequest(true);
        if (settings.endpoint() != null) {
            configuration.setOverrideEndpoint(true);
            configuration.setUriEndpointOverride(settings.endpoint().toString());
            // S3-compatible servers rarely serve bucket-name subdomains
            configuration.setForcePathStyle(true);
        }
        if (settings.staticCredentials()) {
            configuration.setAccessKey(settings.accessKey());
            configuration.setSecretKey(settings.secretKey());
        } else {
            configuration.setUseDefaultCredentialsProvider(true);
        }
        AWS2S3Component component = camel.getComponent("aws2-s3", AWS2S3Component.class);
        AWS2S3Endpoint created = new AWS2S3Endpoint("aws2-s3://" + settings.bucket(), component, configuration);
        try {
            ServiceHelper.startService(created);
        } catch (RuntimeException e) {
            ServiceHelper.stopAndShutdownService(created);
            throw e;
        }
        endpoint = created;
        return endpoint;
    }

    private static void requireValid(String key) {
        if (!PayloadKeys.isValid(key)) {
            throw new IllegalArgumentException("not a payload key (expected webhooks/YYYY/MM/DD/<uuid>.json): " + key);
        }
    }

    private static boolean isNotFound(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof NoSuchKeyException) {
                return true;
            }
            if (t instanceof AwsServiceException service && service.statusCode() == 404) {
                return true;
            }
        }
        return false;
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    }

    @Override
    public synchronized void close() {
        if (endpoint != null) {
            ServiceHelper.stopAndShutdownService(endpoint);
            endpoint = null;
        }
        ServiceHelper.stopAndShutdownService(producer);
    }
}
