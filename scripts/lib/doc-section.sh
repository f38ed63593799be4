# Sourced by the benchmark scripts that write a table into a document:
#
#   doc_section DOC NAME TABLE
#
# replaces the lines between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`
# of the Markdown file DOC with the file TABLE (the markers stay), or
# appends the markers and the table when DOC has no such section. Text
# outside the markers is kept.
doc_section() {
    doc_section_new=$(mktemp)
    if grep -q "<!-- bench:$2 -->" "$1"; then
        awk -v table="$3" -v first="<!-- bench:$2 -->" -v last="<!-- /bench:$2 -->" '
            $0 == first { print; while ((getline line < table) > 0) print line; skip = 1; next }
            $0 == last { skip = 0 }
            !skip { print }' "$1" > "$doc_section_new" ||
            { rm -f "$doc_section_new"; echo "cannot write the section $2 of $1" >&2; return 1; }
    else
        { cat "$1"; echo; echo "<!-- bench:$2 -->"; cat "$3"; echo "<!-- /bench:$2 -->"; } > "$doc_section_new"
    fi
    cp "$doc_section_new" "$1"
    rm -f "$doc_section_new"
}
