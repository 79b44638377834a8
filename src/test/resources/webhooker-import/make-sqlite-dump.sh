#!/bin/sh
# Makes sqlite-dump.sql, the fixture of SqliteDumpImportIT, from webhooker-d1.sql with SQLite's own .dump
# (sqlite3 3.40.1 made the committed one). Run it from this directory when webhooker-d1.sql changes.
set -eu
db=$(mktemp)
trap 'rm -f "$db"' EXIT
sqlite3 "$db" < webhooker-d1.sql
sqlite3 "$db" .dump > sqlite-dump.sql
