/*
 * test-base64.c: core/base64.c against RFC 4648's test vectors (section
 * 10), bytes that use every corner of the alphabet, RFC 7617's Basic
 * credentials example, and input a strict decoder must refuse.
 */
#include <string.h>

#include "core/base64.h"
#include "t.h"

static const struct {
	const char *plain;
	const char *coded;
} vectors[] = {
	{ "", "" },
	{ "f", "Zg==" },
	{ "fo", "Zm8=" },
	{ "foo", "Zm9v" },
	{ "foob", "Zm9vYg==" },
	{ "fooba", "Zm9vYmE=" },
	{ "foobar", "Zm9vYmFy" },
	/* RFC 7617 section 2: the user-id "Aladdin", password "open
	 * sesame". */
	{ "Aladdin:open sesame", "QWxhZGRpbjpvcGVuIHNlc2FtZQ==" },
};

static void
test_vectors(void)
{
	char out[64], back[64];
	size_t i, n, len;

	for (i = 0; i < sizeof vectors / sizeof vectors[0]; i++) {
		len = strlen(vectors[i].plain);
		CHECK_EQ_INT(base64_encoded_len(len), strlen(vectors[i].coded));
		n = base64_encode(vectors[i].plain, len, out);
		CHECK_EQ_INT(n, strlen(vectors[i].coded));
		CHECK_EQ_STR(out, vectors[i].coded);
		memset(back, 0, sizeof back);
		if (CHECK_EQ_INT(base64_decode(vectors[i].coded,
		    strlen(vectors[i].coded), back, &n), 0)) {
			CHECK_EQ_INT(n, len);
			CHECK(memcmp(back, vectors[i].plain, len) == 0);
		}
	}
}

static void
test_bytes(void)
{
	/* 0xfb 0xff gives the last two letters, + and /; NUL bytes count. */
	static const unsigned char b[] = { 0xfb, 0xff, 0xbf, 0x00, 0x00,
		0x10, 0x83 };
	unsigned char back[16];
	char out[16];
	size_t n;

	base64_encode(b, 3, out);
	CHECK_EQ_STR(out, "+/+/");
	base64_encode(b, 2, out);
	CHECK_EQ_STR(out, "+/8=");
	base64_encode(b + 3, 4, out);
	CHECK_EQ_STR(out, "AAAQgw==");
	if (CHECK_EQ_INT(base64_decode("AAAQgw==", 8, back, &n), 0)) {
		CHECK_EQ_INT(n, 4);
		CHECK(memcmp(back, b + 3, 4) == 0);
	}
	/* Every byte value survives the round trip. */
	{
		unsigned char all[256], again[256];
		char coded[400];
		int i;

		for (i = 0; i < 256; i++)
			all[i] = (unsigned char)i;
		n = base64_encode(all, sizeof all, coded);
		CHECK_EQ_INT(n, 344);
		CHECK_EQ_INT(base64_decode(coded, n, again, &n), 0);
		CHECK_EQ_INT(n, 256);
		CHECK(memcmp(all, again, sizeof all) == 0);
	}
}

static void
test_invalid(void)
{
	static const char *const bad[] = {
		"Zg=",          /* not a multiple of 4 */
		"Zm9vY",
		"Z===",         /* padding in the second place */
		"====",
		"=Zm9",
		"Zm=v",         /* data after padding */
		"Zg==Zm9v",     /* padding before the end */
		"Zh==",         /* padding bits not zero */
		"Zm9=",
		"Zm9-",         /* the URL-safe alphabet is another one */
		"Zm9_",
		"Zm 9",         /* blanks and line breaks */
		"Zm9v\n",
		"Zm9v\r\nYmFy",
		"Zm9\x80",
	};
	unsigned char out[16];
	size_t i, n;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		n = 99;
		if (!CHECK_EQ_INT(base64_decode(bad[i], strlen(bad[i]), out,
		    &n), -1))
			printf("  input: \"%s\"\n", bad[i]);
		CHECK_EQ_INT(n, 0);
	}
	/* A NUL inside the input is a byte outside the alphabet. */
	CHECK_EQ_INT(base64_decode("Zm\0v", 4, out, &n), -1);
}

int
main(void)
{
	test_vectors();
	test_bytes();
	test_invalid();
	return t_done();
}
