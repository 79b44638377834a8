/**
 * Who may do what: the roles of a group member (owner, editor, viewer) and the super admins, the capabilities each
 * role has, and the check the admin API makes before every read and write ({@link dev.webhooker.access.Access}).
 */
package dev.webhooker.access;
