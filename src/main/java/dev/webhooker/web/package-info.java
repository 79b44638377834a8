/**
 * What every HTTP answer shares: JSON errors instead of error pages (also for Tomcat's own), the request guard, every
 * request body read without holding a thread and within a deadline (and early answers that close the connection
 * instead of reading the rest), the client address from trusted proxies only, and the small HTML page writer.
 */
package dev.webhooker.web;
