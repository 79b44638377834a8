package dev.webhooker.web;

import org.springframework.web.util.HtmlUtils;

/** The few server-rendered pages (sign-in answers, the install and invite confirmations): one plain layout. */
public final class HtmlPage {

    private HtmlPage() {
    }

    /** A page titled {@code title} around {@code body}, which the caller has escaped. */
    public static String render(String title, String body) {
        return "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>webhooker: " + HtmlUtils.htmlEscape(title)
                + "</title><meta name=\"viewport\" content=\"width=device-width\"></head>"
                + "<body style=\"font-family:sans-serif;max-width:40em;margin:3em auto;padding:0 1em\"><h1>"
                + HtmlUtils.htmlEscape(title) + "</h1>" + body + "</body></html>";
    }
}
