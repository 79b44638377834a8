/**
 * Configuration as a YAML file in Git: reading and validating {@code webhooker.yaml}, and the {@code seed} and
 * {@code sync} modes that apply it to the database (in {@code sync} mode the admin API is read-only).
 */
package dev.webhooker.configfile;
