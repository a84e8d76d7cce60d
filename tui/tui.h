/*
 * tui.h: the dashboard as the command line sees it: what it is handed
 * (struct tui_config), the full-screen loop (tui_run) and the one-shot
 * text dump (tui_dump).  Everything inside the dashboard (its state, views,
 * forms and key table) is in tui/internal.h, which only tui/ includes.
 */
#ifndef GPULOG_TUI_H
#define GPULOG_TUI_H

#include <stdio.h>

struct err;
struct store;

/* What the command line hands the dashboard. */
struct tui_config {
	struct store *s;      /* open; the dashboard does not close it */
	int ascii;            /* the locale is not UTF-8 */
	int color;            /* colour allowed (text_color_wanted) */
	int width, height;    /* for tui_dump() */
	int theme;            /* enum tui_theme */
};

/* The background the colours are chosen for: auto reads COLORFGBG (set by
 * xterm, rxvt, Konsole and others: "15;0" is light text on dark), and
 * takes dark when it is not set. */
enum tui_theme { TUI_THEME_AUTO, TUI_THEME_DARK, TUI_THEME_LIGHT };

/* "dark", "light" or "auto" as a tui_theme, or -1. */
int tui_theme_parse(const char *s);
/* The themes' names, indexed by enum tui_theme, NULL last. */
extern const char *const tui_theme_names[];

/* Runs the dashboard until the user quits; restores the terminal on every
 * way out.  Returns 0, or -1 with the reason in e (printed by the caller
 * once the screen is restored). */
int tui_run(const struct tui_config *cfg, struct err *e);

/* Draws the Overview once into f as plain text, without curses. */
int tui_dump(const struct tui_config *cfg, FILE *f, struct err *e);

#endif
