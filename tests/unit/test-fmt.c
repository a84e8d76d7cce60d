/*
 * test-fmt.c: core/fmt.c (money with Indian and Western grouping, rates,
 * durations, hours, countdowns, ISO times) and core/text.c (outside text
 * made harmless for a terminal, forgiving name matching).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/catalog.h"
#include "core/fmt.h"
#include "core/model.h"
#include "core/text.h"
#include "tests/unit/t.h"

#define RUPEE "\xe2\x82\xb9"

static void
set_tz(const char *tz)
{
	setenv("TZ", tz, 1);
	tzset();
}

static void
test_money(void)
{
	char b[64];

	/* Indian grouping: the last three digits, then pairs. */
	CHECK_EQ_STR(fmt_money(b, sizeof b, 12345650, "INR", 0),
	    RUPEE "1,23,456.50");
	CHECK_EQ_STR(fmt_money(b, sizeof b, 123456700, "INR", 0),
	    RUPEE "12,34,567.00");
	CHECK_EQ_STR(fmt_money(b, sizeof b, 1000000000, "INR", 0),
	    RUPEE "1,00,00,000.00");                    /* one crore */
	CHECK_EQ_STR(fmt_money(b, sizeof b, 100000, "INR", 0),
	    RUPEE "1,000.00");
	CHECK_EQ_STR(fmt_money(b, sizeof b, 99900, "INR", 0), RUPEE "999.00");
	CHECK_EQ_STR(fmt_money(b, sizeof b, 25000, "INR", 0), RUPEE "250.00");
	CHECK_EQ_STR(fmt_money(b, sizeof b, 5, "INR", 0), RUPEE "0.05");
	CHECK_EQ_STR(fmt_money(b, sizeof b, 0, "INR", 0), RUPEE "0.00");

	/* Western grouping in threes. */
	CHECK_EQ_STR(fmt_money(b, sizeof b, 320000, "USD", 0), "$3,200.00");
	CHECK_EQ_STR(fmt_money(b, sizeof b, 320, "USD", 0), "$3.20");
	CHECK_EQ_STR(fmt_money(b, sizeof b, 100000000, "USD", 0),
	    "$1,000,000.00");
	CHECK_EQ_STR(fmt_money(b, sizeof b, 12345650, "USD", 0),
	    "$123,456.50");
	CHECK_EQ_STR(fmt_money(b, sizeof b, -500, "USD", 0), "-$5.00");
	CHECK_EQ_STR(fmt_money(b, sizeof b, -12345650, "INR", 0),
	    "-" RUPEE "1,23,456.50");
	/* Another code is written after the amount. */
	CHECK_EQ_STR(fmt_money(b, sizeof b, 1200, "EUR", 0), "12.00 EUR");

	/* Flags. */
	CHECK_EQ_STR(fmt_money(b, sizeof b, 25000, "INR", FMT_ASCII),
	    "Rs 250.00");
	CHECK_EQ_STR(fmt_money(b, sizeof b, 12345650, "INR", FMT_ASCII),
	    "Rs 1,23,456.50");
	CHECK_EQ_STR(fmt_money(b, sizeof b, 25000, "INR", FMT_WHOLE),
	    RUPEE "250");
	CHECK_EQ_STR(fmt_money(b, sizeof b, 25050, "INR", FMT_WHOLE),
	    RUPEE "250.50");
	CHECK_EQ_STR(fmt_money(b, sizeof b, 25000, "INR",
	    FMT_ASCII | FMT_WHOLE), "Rs 250");
	CHECK_EQ_STR(fmt_money(b, sizeof b, 320000, "USD", FMT_WHOLE),
	    "$3,200");
	CHECK_EQ_STR(fmt_money(b, sizeof b, 320000, "USD", FMT_ASCII),
	    "$3,200.00");

	/* Truncation keeps the string terminated. */
	CHECK_EQ_STR(fmt_money(b, 4, 320000, "USD", 0), "$3,");
}

static void
test_rate(void)
{
	char b[64];

	/* Millionths per GPU-hour. */
	CHECK_EQ_STR(fmt_rate(b, sizeof b, 320000, "USD", 0), "$0.32/h");
	CHECK_EQ_STR(fmt_rate(b, sizeof b, 135000, "USD", 0), "$0.135/h");
	CHECK_EQ_STR(fmt_rate(b, sizeof b, 1100000, "USD", 0), "$1.10/h");
	CHECK_EQ_STR(fmt_rate(b, sizeof b, 1005000, "USD", 0), "$1.005/h");
	CHECK_EQ_STR(fmt_rate(b, sizeof b, 1234500, "USD", 0), "$1.2345/h");
	CHECK_EQ_STR(fmt_rate(b, sizeof b, 92000000, "INR", 0),
	    RUPEE "92.00/h");
	CHECK_EQ_STR(fmt_rate(b, sizeof b, 92000000, "INR", FMT_ASCII),
	    "Rs 92.00/h");
	/* fmt.h promises "₹92/h"; FMT_WHOLE is what drops ".00". */
	CHECK_EQ_STR(fmt_rate(b, sizeof b, 92000000, "INR", FMT_WHOLE),
	    RUPEE "92/h");
	/* A sub-cent rate keeps its digits whatever the flags. */
	CHECK_EQ_STR(fmt_rate(b, sizeof b, 1005000, "USD", FMT_WHOLE),
	    "$1.005/h");

	CHECK_EQ_STR(fmt_centi(b, sizeof b, 12345), "123.45");
	CHECK_EQ_STR(fmt_centi(b, sizeof b, 5), "0.05");
	CHECK_EQ_STR(fmt_centi(b, sizeof b, 10000), "100.00");
	/* A quota's amount in its unit; a limit drops a whole ".0". */
	CHECK_EQ_STR(fmt_quota_amount(b, sizeof b, QU_GPU_S, 30 * 3600),
	    "30.0");
	CHECK_EQ_STR(fmt_quota_limit(b, sizeof b, QU_GPU_S, 30 * 3600), "30");
	CHECK_EQ_STR(fmt_quota_limit(b, sizeof b, QU_GPU_S, 45000), "12.5");
	/* Past the limit, never a negative amount left. */
	CHECK_EQ_STR(fmt_quota_left(b, sizeof b, QU_CU, -19773),
	    "over by 197.73 CU");
	CHECK_EQ_STR(fmt_quota_left(b, sizeof b, QU_SESSION_S, 45000),
	    "12.5 left");
	CHECK_EQ_STR(fmt_quota_left(b, sizeof b, QU_CU, 0), "0.00 left");
	CHECK_EQ_STR(fmt_quota_amount(b, sizeof b, QU_CU, 10000), "100.00");
	CHECK_EQ_STR(fmt_quota_limit(b, sizeof b, QU_CU, 10000), "100.00");
	CHECK_EQ_STR(fmt_quota_amount(b, sizeof b, QU_GPU_S, -5400), "-1.5");
	CHECK_EQ_STR(fmt_centi(b, sizeof b, -250), "-2.50");
	/* Rounded half away from zero to the meter's places. */
	CHECK_EQ_STR(fmt_quota_amount(b, sizeof b, QU_SESSION_S, 180), "0.1");
	CHECK_EQ_STR(fmt_quota_amount(b, sizeof b, QU_SESSION_S, 179), "0.0");
	CHECK_EQ_STR(fmt_quota_amount(b, sizeof b, QU_GPU_S, -179), "0.0");
	CHECK_EQ_STR(fmt_quota_amount(b, sizeof b, QU_CREDIT, -1), "-0.01");
	CHECK_EQ_INT(quota_centi(QU_GPU_S, 18), 1);
	CHECK_EQ_INT(quota_centi(QU_GPU_S, -18), -1);
	CHECK_EQ_INT(quota_centi(QU_GPU_S, 17), 0);
	CHECK_EQ_INT(quota_centi(QU_CU, -19773), -19773);
}

/* Every meter's row: its amount is shown, sent as JSON and exported by
 * its scale and places alone, so that a new row needs no code. */
static void
test_meters(void)
{
	char b[64];
	int u, places;

	for (u = 0; u < QU_COUNT; u++) {
		const struct quota_meter *m = quota_meter(u);
		int64_t one = m->scale, exact;
		int k;

		CHECK_EQ_INT(m->unit, u);
		CHECK(m->scale > 0);
		CHECK(m->places >= 0 && m->places <= 6);
		/* One shown unit is "1" and its places of zeros. */
		fmt_quota_amount(b, sizeof b, u, one);
		CHECK(b[0] == '1');
		CHECK_EQ_INT(strlen(b), m->places ? (size_t)m->places + 2 : 1);
		for (k = 2; k < m->places + 2 && b[k] != '\0'; k++)
			CHECK(b[k] == '0');
		CHECK_EQ_INT(quota_centi(u, one), 100);
		exact = quota_exact(u, 3 * one, &places);
		/* 3 in the fewest places that hold the unit exactly. */
		CHECK(exact > 0);
		while (places-- > 0) {
			CHECK_EQ_INT(exact % 10, 0);
			exact /= 10;
		}
		CHECK_EQ_INT(exact, 3);
		CHECK(quota_meter(u)->amount != NULL);
	}
	/* Hours to the micro-hour; compute units from their hundredths. */
	CHECK_EQ_INT(quota_exact(QU_GPU_S, 1, &places), 278);
	CHECK_EQ_INT(places, 6);
	CHECK_EQ_INT(quota_exact(QU_CU, 12345, &places), 12345);
	CHECK_EQ_INT(places, 2);
}

static void
test_duration(void)
{
	char b[32];

	CHECK_EQ_STR(fmt_duration(b, sizeof b, 9000), "2h30m");
	CHECK_EQ_STR(fmt_duration(b, sizeof b, 9 * 3600), "9h");
	CHECK_EQ_STR(fmt_duration(b, sizeof b, 45 * 60), "45m");
	CHECK_EQ_STR(fmt_duration(b, sizeof b, 30), "30s");
	CHECK_EQ_STR(fmt_duration(b, sizeof b, 0), "0s");
	CHECK_EQ_STR(fmt_duration(b, sizeof b, 26 * 3600), "26h");
	/* Seconds beyond a minute are not shown: 1h0m59s. */
	CHECK_EQ_STR(fmt_duration(b, sizeof b, 3659), "1h");
	CHECK_EQ_STR(fmt_duration(b, sizeof b, -5), "0s");

	/* Hours to one decimal, rounded half up: 45000 s = 12.5 h. */
	CHECK_EQ_STR(fmt_hours(b, sizeof b, 45000), "12.5");
	CHECK_EQ_STR(fmt_hours(b, sizeof b, 0), "0.0");
	CHECK_EQ_STR(fmt_hours(b, sizeof b, 108000), "30.0");
	/* 3599 s = 0.9997 h -> 1.0; 180 s = 0.05 h -> 0.1; 179 s -> 0.0. */
	CHECK_EQ_STR(fmt_hours(b, sizeof b, 3599), "1.0");
	CHECK_EQ_STR(fmt_hours(b, sizeof b, 180), "0.1");
	CHECK_EQ_STR(fmt_hours(b, sizeof b, 179), "0.0");
	CHECK_EQ_STR(fmt_hours(b, sizeof b, -5400), "-1.5");
	CHECK_EQ_STR(fmt_hours(b, sizeof b, -10), "0.0");

	/* Countdowns: two units at most. */
	CHECK_EQ_STR(fmt_relative(b, sizeof b, 2 * 86400 + 5 * 3600 + 59 * 60),
	    "2d 5h");
	CHECK_EQ_STR(fmt_relative(b, sizeof b, 5 * 3600 + 10 * 60 + 5),
	    "5h 10m");
	CHECK_EQ_STR(fmt_relative(b, sizeof b, 12 * 60), "12m");
	CHECK_EQ_STR(fmt_relative(b, sizeof b, 59), "0m");
	CHECK_EQ_STR(fmt_relative(b, sizeof b, 0), "0m");
	CHECK_EQ_STR(fmt_relative(b, sizeof b, 3600), "1h 0m");
	CHECK_EQ_STR(fmt_relative(b, sizeof b, 86400), "1d 0h");
	CHECK_EQ_STR(fmt_relative(b, sizeof b, -300), "-5m");
	CHECK_EQ_STR(fmt_relative(b, sizeof b, -(3600 + 120)), "-1h 2m");
}

static void
test_times(void)
{
	char b[64];

	CHECK_EQ_STR(fmt_iso_utc(b, sizeof b, 0), "1970-01-01T00:00:00Z");
	CHECK_EQ_STR(fmt_iso_utc(b, sizeof b, 1782864000),
	    "2026-07-01T00:00:00Z");
	CHECK_EQ_STR(fmt_iso_utc(b, sizeof b, t_utc(2026, 11, 28, 10, 5, 7)),
	    "2026-11-28T10:05:07Z");
	CHECK_EQ_STR(fmt_iso_utc(b, sizeof b, t_utc(2024, 2, 29, 23, 59, 59)),
	    "2024-02-29T23:59:59Z");
	CHECK_EQ_STR(fmt_iso_utc(b, sizeof b, -1), "1969-12-31T23:59:59Z");

	set_tz("Asia/Kolkata");
	CHECK_EQ_STR(fmt_iso_local(b, sizeof b, 1782864000),
	    "2026-07-01T05:30:00+05:30");
	CHECK_EQ_STR(fmt_local(b, sizeof b, 1782864000, "%Y-%m-%d %H:%M"),
	    "2026-07-01 05:30");
	set_tz("America/New_York");
	/* EDT in July, UTC-4. */
	CHECK_EQ_STR(fmt_iso_local(b, sizeof b, 1782864000),
	    "2026-06-30T20:00:00-04:00");
	set_tz("UTC");
	CHECK_EQ_STR(fmt_iso_local(b, sizeof b, 1782864000),
	    "2026-07-01T00:00:00Z");
}

/* text_safe(in) must be want; frees the copy. */
static void
safe_is(const char *in, const char *want)
{
	char *s = text_safe(in);

	CHECK_EQ_STR(s, want);
	free(s);
}

static void
test_safe(void)
{
	safe_is("resnet18 cifar10", "resnet18 cifar10");
	safe_is(NULL, "");
	safe_is("", "");
	/* ESC sequences lose their ESC: clear screen, move, colour, OSC. */
	safe_is("a\x1b[2Jb", "a\\x1b[2Jb");
	safe_is("\x1b[31mred\x1b[0m", "\\x1b[31mred\\x1b[0m");
	safe_is("\x1b]0;title\x07", "\\x1b]0;title\\x07");
	/* CSI as a C1 control in UTF-8 (U+009B) and bare. */
	safe_is("x\xc2\x9b" "2J", "x\\xc2\\x9b2J");
	safe_is("\xc2\x85", "\\xc2\\x85");
	safe_is("\x9b", "\\x9b");
	/* Not UTF-8: a stray byte, an overlong '/', a surrogate, a cut
	 * sequence at the end. */
	safe_is("caf\xe9", "caf\\xe9");
	safe_is("\xff", "\\xff");
	safe_is("\xc0\xaf", "\\xc0\\xaf");
	safe_is("\xed\xa0\x80", "\\xed\\xa0\\x80");
	safe_is("ab\xe2\x82", "ab\\xe2\\x82");
	/* Bidirectional override U+202E. */
	safe_is("\xe2\x80\xae" "abc", "\\xe2\\x80\\xae" "abc");
	/* Newline, tab, backslash, other C0, DEL. */
	safe_is("a\nb", "a\\nb");
	safe_is("a\tb", "a\\tb");
	safe_is("a\\b", "a\\\\b");
	safe_is("\r\b\x01", "\\x0d\\x08\\x01");
	safe_is("\x7f", "\\x7f");
	/* Valid UTF-8 passes untouched: ₹, é, an emoji. */
	safe_is(RUPEE "250 caf\xc3\xa9 \xf0\x9f\x9a\x80",
	    RUPEE "250 caf\xc3\xa9 \xf0\x9f\x9a\x80");
	/* The worst case, every byte escaped, fits. */
	safe_is("\x01\x02\x03\x04\x05\x06\x07\x08",
	    "\\x01\\x02\\x03\\x04\\x05\\x06\\x07\\x08");
}

static void
test_match(void)
{
	const char *names[16];
	char hint[128];
	size_t i, idx, n = catalog_nplatforms;
	static const char *const few[] = { "colab", "colab-pro" };

	/* The shipped keys, in order: local colab-free colab-pro kaggle
	 * lightning vast runpod lambda cloud colab-plus colab-payg, and any
	 * added after them. */
	if (n > 16)
		n = 16;
	for (i = 0; i < n; i++)
		names[i] = catalog_platforms[i].key;
	CHECK(n >= 11);
	CHECK_EQ_STR(names[3], "kaggle");

	idx = 99;
	CHECK_EQ_INT(text_match("kaggle", names, n, &idx, hint, sizeof hint),
	    MATCH_OK);
	CHECK_EQ_INT(idx, 3);
	CHECK_EQ_STR(hint, "");
	idx = 99;
	CHECK_EQ_INT(text_match("KAGGLE", names, n, &idx, hint, sizeof hint),
	    MATCH_OK);
	CHECK_EQ_INT(idx, 3);
	/* Unique prefixes. */
	idx = 99;
	CHECK_EQ_INT(text_match("kag", names, n, &idx, hint, sizeof hint),
	    MATCH_OK);
	CHECK_EQ_INT(idx, 3);
	CHECK_EQ_STR(hint, "");
	CHECK_EQ_INT(text_match("colab-pr", names, n, &idx, hint, sizeof hint),
	    MATCH_OK);
	CHECK_EQ_INT(idx, 2);
	CHECK_EQ_INT(text_match("li", names, n, &idx, hint, sizeof hint),
	    MATCH_OK);
	CHECK_EQ_INT(idx, 4);
	/* Ambiguous prefixes list the candidates in table order. */
	CHECK_EQ_INT(text_match("colab", names, n, &idx, hint, sizeof hint),
	    MATCH_AMBIGUOUS);
	CHECK_EQ_STR(hint, "colab-free, colab-pro, colab-plus, colab-payg");
	CHECK_EQ_INT(text_match("l", names, n, &idx, hint, sizeof hint),
	    MATCH_AMBIGUOUS);
	CHECK_EQ_STR(hint, "local, lightning, lambda");
	/* Every candidate, however many (the commands' "s"). */
	{
		static const char *const cmds[] = { "start", "stop", "spend",
			"status", "where" };

		CHECK_EQ_INT(text_match("s", cmds, 5, &idx, hint,
		    sizeof hint), MATCH_AMBIGUOUS);
		CHECK_EQ_STR(hint, "start, stop, spend, status");
	}
	/* An exact name wins over being a prefix of another. */
	idx = 99;
	CHECK_EQ_INT(text_match("colab", few, 2, &idx, hint, sizeof hint),
	    MATCH_OK);
	CHECK_EQ_INT(idx, 0);
	/*
	 * A typo: the nearest names, at most three, within an edit distance
	 * of 3 and of half the name's length.  From "kagle": kaggle is 1
	 * away (insert g); vast is 4, local, lambda and cloud 5: too far.
	 */
	CHECK_EQ_INT(text_match("kagle", names, n, &idx, hint, sizeof hint),
	    MATCH_NONE);
	CHECK_EQ_STR(hint, "kaggle");
	CHECK_EQ_INT(text_match("runpd", names, n, &idx, hint, sizeof hint),
	    MATCH_NONE);
	CHECK_EQ_STR(hint, "runpod");
	/* "clod": cloud 1; local, vast and runpod 4, too far. */
	CHECK_EQ_INT(text_match("clod", names, n, &idx, hint, sizeof hint),
	    MATCH_NONE);
	CHECK_EQ_STR(hint, "cloud");
	/* Three at most, ties in table order. */
	{
		static const char *const v[] = { "vast", "vest", "bast",
			"vase", "fast" };

		/* "vaxt" is 1 from vast, 2 from vest, bast, vase, fast: all
		 * within 3 and half of 4; the first three by distance, ties
		 * in table order. */
		CHECK_EQ_INT(text_match("vaxt", v, 5, &idx, hint,
		    sizeof hint), MATCH_NONE);
		CHECK_EQ_STR(hint, "vast, vest, bast");
	}
	/* Nothing near: the hint is empty. */
	CHECK_EQ_INT(text_match("xyzzy", names, n, &idx, hint, sizeof hint),
	    MATCH_NONE);
	CHECK_EQ_STR(hint, "");
	/* The empty string is no prefix of anything. */
	CHECK_EQ_INT(text_match("", few, 2, &idx, hint, sizeof hint),
	    MATCH_NONE);

	CHECK_EQ_INT(text_distance("kagle", "kaggle"), 1);
	CHECK_EQ_INT(text_distance("Kaggle", "kaggle"), 0);
	CHECK_EQ_INT(text_distance("", "vast"), 4);
	CHECK_EQ_INT(text_distance("kitten", "sitting"), 3);

	CHECK(text_is_name("kaggle", 31, ","));
	CHECK(!text_is_name("", 31, ","));
	CHECK(!text_is_name("a,b", 31, ","));
	CHECK(!text_is_name("a\x1b" "b", 31, ""));
	CHECK(!text_is_name("abcd", 3, ""));
	CHECK(!text_is_name("a b", 31, " ,"));
	CHECK(!text_is_name("a,b", 31, " ,"));
	CHECK(text_is_name("caf\xc3\xa9", 31, " ,"));
	{
		char small[5];

		CHECK_EQ_INT(text_copy(small, sizeof small, "kaggle"), 4);
		CHECK_EQ_STR(small, "kagg");
		CHECK_EQ_INT(text_copy(small, sizeof small, "T4"), 2);
		CHECK_EQ_STR(small, "T4");
		CHECK_EQ_INT(text_copy(small, sizeof small, ""), 0);
		CHECK_EQ_STR(small, "");
		CHECK_EQ_INT(text_copy(small, 1, "x"), 0);
		CHECK_EQ_STR(small, "");
	}
	CHECK_EQ_INT(text_width(RUPEE "250"), 4);
	CHECK_EQ_INT(text_width("abc"), 3);
	/* Wide, zero-width and stray bytes, as a terminal draws them. */
	CHECK_EQ_INT(text_width("\xe5\x85\xa8\xe8\xa7\x92GPU"), 7);
	CHECK_EQ_INT(text_width("T\xc3\xabsl\xc3\xa0 T4"), 8);
	CHECK_EQ_INT(text_width("e\xcc\x88"), 1);
	CHECK_EQ_INT(text_width("\xf0\x9f\x9a\x80"), 2);
	CHECK_EQ_INT(text_width("\xff\xfe"), 2);
	CHECK_EQ_INT(text_width_n("\xe5\x85\xa8x", 2), 2);
	CHECK_EQ_INT(text_cp_width(0xff21), 2);
	CHECK_EQ_INT(text_cp_width(0x200d), 0);
	CHECK_EQ_INT(text_cp_width('a'), 1);
	/* A quota amount in --json and --csv: hours to the hundredth,
	 * halves away from zero either side, or the unit as it is. */
	CHECK_EQ_INT(quota_centi(QU_GPU_S, 1800), 50);
	CHECK_EQ_INT(quota_centi(QU_GPU_S, 18), 1);
	CHECK_EQ_INT(quota_centi(QU_GPU_S, -18), -1);
	CHECK_EQ_INT(quota_centi(QU_SESSION_S, -62400), -1733);
	CHECK_EQ_INT(quota_centi(QU_CU, -1500), -1500);
	/* A reference: the shortest tail of 7 or more with a letter, never
	 * a number or an expense's eN. */
	{
		char r[40];

		CHECK_EQ_STR(uid_ref("01a23feb9338898941d31c9650f67ced", r,
		    sizeof r), "0f67ced");
		/* A provider's key decides its uid: the same every time,
		 * 32 hex digits, another key another uid. */
		{
			char u1[33], u2[33], u3[33];

			uid_of_key("vast:31000001", u1);
			uid_of_key("vast:31000001", u2);
			uid_of_key("vast:31000002", u3);
			CHECK_EQ_STR(u1, u2);
			CHECK(strcmp(u1, u3) != 0);
			CHECK_EQ_INT(strlen(u1), 32);
			CHECK_EQ_INT(strspn(u1, "0123456789abcdef"), 32);
		}
		CHECK_EQ_STR(uid_ref("01a23feb933889894100000001234567", r,
		    sizeof r), "b933889894100000001234567");
		CHECK_EQ_STR(uid_ref("01a23feb933889894100000e01234567", r,
		    sizeof r), "0e01234567");
		CHECK(ref_form("3FA9C2E"));
		CHECK(!ref_form("1234567"));
		CHECK(!ref_form("e123456"));
		CHECK(!ref_form("3fa9c2"));
		CHECK(!ref_form("3fa9c2g"));
		CHECK(!ref_form("0123456789abcdef0123456789abcdef0"));
	}
	/* text_cut() never splits a wide character across the edge. */
	CHECK_EQ_INT(text_cut("\xe5\x85\xa8\xe8\xa7\x92GPU", 3), 3);
	CHECK_EQ_INT(text_cut("\xe5\x85\xa8\xe8\xa7\x92GPU", 4), 6);
	CHECK_EQ_INT(text_cut("abc", 10), 3);
}

/* https://no-color.org: "when present and not an empty string". */
static void
test_color(void)
{
	CHECK_EQ_INT(text_color_wanted(NULL, 1), 1);
	CHECK_EQ_INT(text_color_wanted("", 1), 1);
	CHECK_EQ_INT(text_color_wanted("1", 1), 0);
	CHECK_EQ_INT(text_color_wanted("0", 1), 0);
	CHECK_EQ_INT(text_color_wanted(" ", 1), 0);
	CHECK_EQ_INT(text_color_wanted(NULL, 0), 0);
	CHECK_EQ_INT(text_color_wanted("", 0), 0);
	CHECK_EQ_INT(text_color_wanted("1", 0), 0);
}

/* The character set from the locale's name, as setlocale(3) picks it:
 * LC_ALL over LC_CTYPE over LANG, an empty one skipped; the codeset
 * spelled as glibc accepts it; a modifier after it. */
static void
test_locale_utf8(void)
{
	CHECK_EQ_INT(text_locale_utf8(NULL, NULL, "C.UTF-8"), 1);
	CHECK_EQ_INT(text_locale_utf8(NULL, NULL, "en_IN.utf8"), 1);
	CHECK_EQ_INT(text_locale_utf8(NULL, NULL, "de_DE.UTF8@euro"), 1);
	CHECK_EQ_INT(text_locale_utf8(NULL, NULL, "en_US.utf-8"), 1);
	CHECK_EQ_INT(text_locale_utf8(NULL, NULL, "C"), 0);
	CHECK_EQ_INT(text_locale_utf8(NULL, NULL, "POSIX"), 0);
	CHECK_EQ_INT(text_locale_utf8(NULL, NULL, NULL), 0);
	CHECK_EQ_INT(text_locale_utf8(NULL, NULL, "en_US"), 0);
	CHECK_EQ_INT(text_locale_utf8(NULL, NULL, "en_US.ISO-8859-1"), 0);
	CHECK_EQ_INT(text_locale_utf8(NULL, NULL, "ja_JP.eucJP"), 0);
	CHECK_EQ_INT(text_locale_utf8(NULL, NULL, "xx.UTF-8-and-more"), 0);
	CHECK_EQ_INT(text_locale_utf8(NULL, NULL, "@utf8"), 0);
	CHECK_EQ_INT(text_locale_utf8("C", NULL, "C.UTF-8"), 0);
	CHECK_EQ_INT(text_locale_utf8("", NULL, "C.UTF-8"), 1);
	CHECK_EQ_INT(text_locale_utf8(NULL, "C.UTF-8", "C"), 1);
	CHECK_EQ_INT(text_locale_utf8(NULL, "POSIX", "C.UTF-8"), 0);
	CHECK_EQ_INT(text_locale_utf8("", "", "en_GB.UTF-8"), 1);
}

/* The answers terminals give to OSC 11: xterm's 4-digit components after
 * ST or BEL, 2-digit ones, with a DA1 answer around them; anything else
 * is no answer. */
static void
test_osc11(void)
{
#define L(s) text_osc11_light(s, sizeof s - 1)
	CHECK_EQ_INT(L("\033]11;rgb:ffff/ffff/ffff\033\\"), 1);
	CHECK_EQ_INT(L("\033]11;rgb:0000/0000/0000\007"), 0);
	CHECK_EQ_INT(L("\033]11;rgb:1e1e/1e1e/2e2e\033\\\033[?64;1;2c"), 0);
	CHECK_EQ_INT(L("\033]11;rgb:fd/f6/e3\007\033[?62c"), 1);
	/* Pure green is light by luma (0.587), pure blue dark (0.114). */
	CHECK_EQ_INT(L("\033]11;rgb:0000/ffff/0000\007"), 1);
	CHECK_EQ_INT(L("\033]11;rgb:0000/0000/ffff\007"), 0);
	/* Half grey: 0x8000 is past half. */
	CHECK_EQ_INT(L("\033]11;rgb:8000/8000/8000\007"), 1);
	CHECK_EQ_INT(L("\033]11;rgb:7000/7000/7000\007"), 0);
	CHECK_EQ_INT(L("\033[?64;1;2c"), -1);
	CHECK_EQ_INT(L("\033]11;rgb:ffff/ffff\007"), -1);
	CHECK_EQ_INT(L("\033]11;rgb:zz/ff/ff\007"), -1);
	CHECK_EQ_INT(L(""), -1);
#undef L
}

int
main(void)
{
	test_money();
	test_rate();
	test_duration();
	test_meters();
	test_times();
	test_safe();
	test_match();
	test_color();
	test_osc11();
	test_locale_utf8();
	return t_done();
}
