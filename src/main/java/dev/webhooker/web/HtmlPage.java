package dev.webhooker.web;

import org.springframework.web.util.HtmlUtils;

/** The few server-rendered pages (sign-in answers, the install and invite confirmations): the console's stylesheet, one column. */
public final class HtmlPage {

    private HtmlPage() {
    }

    /** A page titled {@code title} around {@code body}, which the caller has escaped. */
    public static String render(String title, String body) {
        return "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>webhooker: " + HtmlUtils.htmlEscape(title)
                + "</title><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                + "<link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\">"
                + "<link rel=\"stylesheet\" href=\"/admin/assets/console.css\"></head>"
                + "<body><main class=\"page\"><h1>" + HtmlUtils.htmlEscape(title) + "</h1>" + body + "</main></body></html>";
    }
}
