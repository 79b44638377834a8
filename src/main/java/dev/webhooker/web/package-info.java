/**
 * What every HTTP answer shares: JSON errors instead of error pages (also for Tomcat's own), the request guard, and
 * the small HTML page writer.
 */
package dev.webhooker.web;
