/*
 * importer.c: the table of importers, one row a source.  A new source is one
 * file beside this one and one row here; none of them opens the database.
 */
#include "importers/importer.h"

#include "importers/colab.h"
#include "importers/csv.h"
#include "importers/json.h"
#include "importers/kaggle.h"

const struct importer importers[] = {
	{ "json", "a file written by `gpulog export`", NULL, json_stream,
	    NULL, NULL },
	{ "csv", "a CSV file with a header line (platform,start,end,...)",
	    NULL, csv_import_stream, NULL, NULL },
	{ "kaggle", "Kaggle's quota and kernel files, or --api",
	    NULL, kaggle_import_stream, kaggle_import_finish,
	    kaggle_import_api },
	{ "colab", "the --snippet's session CSV, or an nvidia-smi CSV log",
	    NULL, colab_import_stream, NULL, NULL },
};
const size_t importers_count = sizeof importers / sizeof importers[0];
