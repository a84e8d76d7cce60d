/*
 * cjson.h: libcjson, loaded when a JSON reader first calls it (dlopen),
 * not when gpulog starts: a shared library costs every command about a
 * third of a millisecond to map and link, and most read no JSON.  Include
 * this in place of <cjson/cJSON.h>; the calls read as cJSON's own, and go
 * through the functions cjson_lib() loaded.
 */
#ifndef GPULOG_IMPORTERS_CJSON_H
#define GPULOG_IMPORTERS_CJSON_H

#include <stddef.h>

#include <cjson/cJSON.h>

/* The functions of libcjson that gpulog calls. */
struct cjson_lib {
	cJSON *(*Parse)(const char *);
	cJSON *(*ParseWithLength)(const char *, size_t);
	cJSON *(*ParseWithLengthOpts)(const char *, size_t, const char **,
	    cJSON_bool);
	const char *(*GetErrorPtr)(void);
	void (*Delete)(cJSON *);
	cJSON_bool (*Compare)(const cJSON *, const cJSON *, cJSON_bool);
	int (*GetArraySize)(const cJSON *);
	cJSON *(*GetArrayItem)(const cJSON *, int);
	cJSON *(*GetObjectItemCaseSensitive)(const cJSON *, const char *);
	cJSON_bool (*IsTrue)(const cJSON *);
	cJSON_bool (*IsBool)(const cJSON *);
	cJSON_bool (*IsNull)(const cJSON *);
	cJSON_bool (*IsNumber)(const cJSON *);
	cJSON_bool (*IsString)(const cJSON *);
	cJSON_bool (*IsArray)(const cJSON *);
	cJSON_bool (*IsObject)(const cJSON *);
};

/* The functions, loaded once; NULL until then. */
extern const struct cjson_lib *cjson_loaded;

/*
 * Loads libcjson (its versioned name, then the directory pkg-config named
 * at build time) and its functions, once.  A gpulog whose libcjson is
 * gone is a broken installation: it says so on standard error, naming the
 * library, and exits 1.
 */
const struct cjson_lib *cjson_lib(void);

#define CJSON_ (cjson_loaded != NULL ? cjson_loaded : cjson_lib())
#define cJSON_Parse (CJSON_->Parse)
#define cJSON_ParseWithLength (CJSON_->ParseWithLength)
#define cJSON_ParseWithLengthOpts (CJSON_->ParseWithLengthOpts)
#define cJSON_GetErrorPtr (CJSON_->GetErrorPtr)
#define cJSON_Delete (CJSON_->Delete)
#define cJSON_Compare (CJSON_->Compare)
#define cJSON_GetArraySize (CJSON_->GetArraySize)
#define cJSON_GetArrayItem (CJSON_->GetArrayItem)
#define cJSON_GetObjectItemCaseSensitive (CJSON_->GetObjectItemCaseSensitive)
#define cJSON_IsTrue (CJSON_->IsTrue)
#define cJSON_IsBool (CJSON_->IsBool)
#define cJSON_IsNull (CJSON_->IsNull)
#define cJSON_IsNumber (CJSON_->IsNumber)
#define cJSON_IsString (CJSON_->IsString)
#define cJSON_IsArray (CJSON_->IsArray)
#define cJSON_IsObject (CJSON_->IsObject)

#endif
