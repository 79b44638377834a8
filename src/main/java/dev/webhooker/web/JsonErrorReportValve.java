package dev.webhooker.web;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.http.HttpStatus;

/**
 * What Tomcat answers on its own, before Spring sees a request (a malformed request line or URI, a header it
 * refuses), as the same small JSON as every other error instead of Tomcat's HTML page.
 */
final class JsonErrorReportValve extends ErrorReportValve {

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        HttpStatus known = HttpStatus.resolve(status);
        byte[] body = ("{\"error\":\"" + (known == null ? "Error" : known.getReasonPhrase()) + "\"}").getBytes(StandardCharsets.UTF_8);
        try {
            response.setContentType("application/json");
            response.setContentLength(body.length);
            response.getOutputStream().write(body);
            response.finishResponse();
        } catch (IOException | IllegalStateException e) {
            // the client is gone or the response was committed meanwhile: nothing more to say
        }
    }
}
