#!/usr/bin/env bash
# Writes adversarial schemas, one per file, for timing `etch check` (issue 10):
#
#   Scripts/adversarial-schemas.sh <directory> [models]      # models defaults to 10000
#
#   chain.etch       models each holding the next inline (no cycle)
#   cycle.etch       the same chain, closed into one cycle
#   misspelled.etch  models each naming a misspelled type (every name 10 characters)
#   inverses.etch    models each with an inverse relation of a misspelled model
#   enum-defaults.etch  an enum of that many cases, and models each defaulting a field of it
#                    to a misspelled case
#   unions.etch      models, and one union whose cases each hold a misspelled model
#   wide.etch        one model of that many fields, each @sorted(groupBy:) a misspelled field
#   long-names.etch  models with 200-character names, each naming the next one misspelled,
#                    and one 20,000-character name misspelled in ten fields
#   optionals.etch   one field of type String followed by 50,000 '?'
#
# Then, for example:
#   swift build -c release --product etch
#   for f in <directory>/*.etch; do /usr/bin/time -f "$f %e s" .build/release/etch check "$f" >/dev/null; done
# (`etch check` exits non-zero on the misspelled schemas, which report an error each.)
set -euo pipefail
out="${1:?usage: $0 <directory> [models]}"
count="${2:-10000}"
mkdir -p "$out"

awk -v n="$count" 'BEGIN {
    for (i = 0; i < n - 1; i++) printf "model M%d {\n    let next: M%d\n}\n", i, i + 1
    printf "model M%d {\n    let id: String\n}\n", n - 1
}' >"$out/chain.etch"

awk -v n="$count" 'BEGIN {
    for (i = 0; i < n; i++) printf "model M%d {\n    let next: M%d\n}\n", i, (i + 1) % n
}' >"$out/cycle.etch"

awk -v n="$count" 'BEGIN {
    for (i = 0; i < n; i++) printf "model Model%05d {\n    let id: String\n    let x: Modl%05d\n}\n", i, (i * 7919) % n
}' >"$out/misspelled.etch"

awk -v n="$count" 'BEGIN {
    for (i = 0; i < n; i++) {
        printf "model Model%05d {\n    let id: String\n    inverse xs: [Modl%05d] via x\n}\n", i, (i * 7919) % n
    }
}' >"$out/inverses.etch"

awk -v n="$count" 'BEGIN {
    printf "enum Kind: String {\n"
    for (i = 0; i < n; i++) printf "    case value%05d\n", i
    printf "}\n"
    for (i = 0; i < n; i++) printf "model Model%05d {\n    let kind: Kind = .valu%05d\n}\n", i, (i * 7919) % n
}' >"$out/enum-defaults.etch"

awk -v n="$count" 'BEGIN {
    for (i = 0; i < n; i++) printf "model Model%05d {\n    let id: String\n}\n", i
    printf "union Item(discriminator: \"type\") {\n"
    for (i = 0; i < n; i++) printf "    case c%05d(Modl%05d)\n", i, (i * 7919) % n
    printf "}\n"
}' >"$out/unions.etch"

awk -v n="$count" 'BEGIN {
    printf "model Wide {\n"
    for (i = 0; i < n; i++) printf "    @sorted(groupBy: fild%05d) let field%05d: Date\n", (i + 1) % n, i
    printf "}\n"
}' >"$out/wide.etch"

awk -v n="$count" 'BEGIN {
    pad = ""
    for (i = 0; i < 190; i++) pad = pad "x"
    for (i = 0; i < n; i++) {
        printf "model L%s%09d {\n    let id: String\n    let next: L%sy%08d?\n}\n", pad, i, pad, (i + 1) % n
    }
    long = ""
    for (i = 0; i < 20000; i++) long = long "a"
    printf "model %s {\n    let id: String\n}\nmodel Long {\n", long
    for (i = 0; i < 10; i++) printf "    let f%d: %sb\n", i, substr(long, 2)
    printf "}\n"
}' >"$out/long-names.etch"

awk 'BEGIN {
    printf "model A {\n    let x: String"
    for (i = 0; i < 50000; i++) printf "?"
    printf "\n}\n"
}' >"$out/optionals.etch"
