/*
 * cjson.c: libcjson's functions, found with dlopen() and dlsym() when a
 * JSON reader first needs them (importers/cjson.h says why).
 */
#include "importers/cjson.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef CJSON_LIBDIR
#define CJSON_LIBDIR ""
#endif

const struct cjson_lib *cjson_loaded;

static struct cjson_lib lib;

/* Says why libcjson cannot be used, and exits 1. */
static void
broken(const char *what, const char *why)
{
	fprintf(stderr, "gpulog: cannot load libcjson, which reading JSON "
	    "needs (%s): %s\n", what, why != NULL ? why : "unknown");
	exit(1);
}

const struct cjson_lib *
cjson_lib(void)
{
	static const char *const names[] = { "libcjson.so.1",
		"libcjson.1.dylib", "libcjson.so", "libcjson.dylib" };
	char path[4096];
	void *h = NULL;
	size_t i;

	if (cjson_loaded != NULL)
		return cjson_loaded;
	for (i = 0; h == NULL && i < sizeof names / sizeof names[0]; i++) {
		h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
		if (h == NULL && CJSON_LIBDIR[0] != '\0' && (size_t)snprintf(
		    path, sizeof path, "%s/%s", CJSON_LIBDIR, names[i]) <
		    sizeof path)
			h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	}
	if (h == NULL)
		broken("libcjson.so.1", dlerror());
#define SYM(f) \
	if ((*(void **)&lib.f = dlsym(h, "cJSON_" #f)) == NULL) \
		broken("cJSON_" #f, dlerror())
	SYM(Parse);
	SYM(ParseWithLength);
	SYM(ParseWithLengthOpts);
	SYM(GetErrorPtr);
	SYM(Delete);
	SYM(Compare);
	SYM(GetArraySize);
	SYM(GetArrayItem);
	SYM(GetObjectItemCaseSensitive);
	SYM(IsTrue);
	SYM(IsBool);
	SYM(IsNull);
	SYM(IsNumber);
	SYM(IsString);
	SYM(IsArray);
	SYM(IsObject);
#undef SYM
	cjson_loaded = &lib;
	return cjson_loaded;
}
