# The variants of an interleaved A/B (sourced by ab.sh and ab-backlog.sh): NAME=JAR[:ENV=VALUE;ENV=VALUE], a jar and
# the environment its run gets.

# variants_read VARIANT... : VARIANTS, each jar's path made absolute. Call it before leaving the directory the script
# was started in, which relative paths are relative to.
variants_read() {
  VARIANTS=()
  local v rest jar
  for v in "$@"; do
    rest=${v#*=}; jar=${rest%%:*}
    VARIANTS+=("${v%%=*}=$(realpath "$jar")${rest:${#jar}}")
  done
}

# variants_of_round ROUND : ROUND_VARIANTS, the variants in the order they run in round ROUND: reversed every other
# round, so that each variant's neighbours in time are the others.
variants_of_round() {
  ROUND_VARIANTS=("${VARIANTS[@]}")
  if [ $(( $1 % 2 )) = 0 ]; then
    mapfile -t ROUND_VARIANTS < <(printf '%s\n' "${VARIANTS[@]}" | tac)
  fi
}

# variant_parts VARIANT : NAME, JAR and EXTRA (the variant's ENV=VALUE words, for env)
variant_parts() {
  local rest=${1#*=}
  NAME=${1%%=*}; JAR=${rest%%:*}; EXTRA=()
  if [[ "$rest" == *:* ]]; then
    IFS=';' read -ra EXTRA <<< "${rest#*:}"
  fi
}
