/*
 * lineedit.h: one line of UTF-8 text edited in place: the caret moves by
 * characters, words and to either end, and text is inserted and deleted
 * at it.  Pure: it knows no terminal and no keys (the dashboard's forms
 * map keys to these operations) and it allocates nothing.
 *
 * The text is a NUL-terminated string in a buffer the caller owns; the
 * caret is a byte offset into it, at the start of a character or at the
 * end.  A word is a run of ASCII letters and digits and of non-ASCII
 * characters; everything else (blanks, punctuation) lies between words.
 */
#ifndef GPULOG_LINEEDIT_H
#define GPULOG_LINEEDIT_H

#include <stddef.h>

enum lineedit_op {
	LE_LEFT,        /* one character back */
	LE_RIGHT,       /* one character on */
	LE_WORD_LEFT,   /* to the start of this word, or of the one before */
	LE_WORD_RIGHT,  /* to the end of this word, or of the next one */
	LE_HOME,        /* to the start of the line */
	LE_END,         /* to its end */
	LE_BACKSPACE,   /* deletes the character before the caret */
	LE_DELETE,      /* deletes the character at the caret */
	LE_CLEAR        /* empties the line */
};

/*
 * Applies op (enum lineedit_op) to text with its caret at *caret, moving
 * *caret.  Returns 1 when the text changed, 0 when it did not (a caret
 * movement, or a deletion with nothing to delete).
 */
int lineedit_do(char *text, size_t *caret, int op);

/*
 * Inserts code point cp, encoded as UTF-8, at *caret and moves the caret
 * past it.  text lives in cap bytes; one byte beyond the terminating NUL
 * is always left free.  Returns 1, or 0 with nothing changed when it does
 * not fit.
 */
int lineedit_insert(char *text, size_t cap, size_t *caret, unsigned long cp);

#endif
