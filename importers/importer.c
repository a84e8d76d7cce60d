/*
 * importer.c: the table of importers, one row a source.  A new source is one
 * file beside this one and one row here; none of them opens the database.
 */
#include "importers/importer.h"

#include "importers/json.h"

const struct importer importers[] = {
	{ "json", "a file written by `gpulog export`", json_import_parse },
};
const size_t importers_count = sizeof importers / sizeof importers[0];
