/*
 * importer.c: the table of importers, one row a source.  A new source is one
 * file beside this one and one row here; none of them opens the database.
 */
#include "importers/importer.h"

#include "importers/cloud.h"
#include "importers/colab.h"
#include "importers/csv.h"
#include "importers/json.h"
#include "importers/kaggle.h"

const struct importer importers[] = {
	{ "json", "a file written by `gpulog export`", NULL, json_stream,
	    NULL, NULL, NULL },
	{ "csv", "a CSV file with a header line (platform,start,end,...)",
	    NULL, csv_import_stream, NULL, NULL, NULL },
	{ "kaggle", "Kaggle's quota and kernel files, or --api",
	    NULL, kaggle_import_stream, kaggle_import_finish,
	    kaggle_import_api, kaggle_api_ready },
	{ "colab", "the --snippet's session CSV, or an nvidia-smi CSV log",
	    NULL, colab_import_stream, NULL, NULL, NULL },
	{ "vast", "Vast.ai's instances and charges (--api), or `vastai show "
	    "instances --raw`", NULL, cloud_vast_stream, NULL, cloud_vast_api,
	    cloud_vast_ready },
	{ "runpod", "RunPod's pods (--api), or a saved GET /v1/pods answer",
	    NULL, cloud_runpod_stream, NULL, cloud_runpod_api,
	    cloud_runpod_ready },
	{ "lambda", "Lambda's instances (--api), or a saved GET "
	    "/api/v1/instances answer", NULL, cloud_lambda_stream, NULL,
	    cloud_lambda_api, cloud_lambda_ready },
};
const size_t importers_count = sizeof importers / sizeof importers[0];
