/**
 * One formatter per event family (push, pull request, issues, workflow runs…), each turning a payload into a neutral
 * message, with the in-place update key and order of CI runs.
 */
package dev.webhooker.format.event;
