/**
 * What is typed into the order book's search, as an FTS5 query its index takes. The index keeps no positions
 * (migrations/008), so it refuses a phrase, and ftsQuery (storage/windows.ts) makes each word a phrase of one token
 * only when SQLite's tokenizer reads it as one: a word of letters its tables (Unicode 6.1) do not know as letters, such
 * as New Tai Lue's vowel signs, reads as two words there and would be a phrase. So a word with any letter past ASCII
 * is first read by the same tokenizer (an in-memory index of its own, made at the first such word) and searched for
 * as the words it makes; an ASCII word is one token in both.
 */
import Database from 'better-sqlite3-multiple-ciphers';
import { ftsQuery } from '../storage/windows';

/** The order index's tokenizer (migrations/008): the words are read as it reads them. */
export const ORDER_TOKENIZER = 'unicode61 remove_diacritics 2';

/** Any UTF-16 unit past ASCII (surrogates among them). */
const PAST_ASCII = /[\u0080-\uffff]/;

export class SearchWords {
  private tokenizer: { db: Database.Database; read: (text: string) => string[] } | null = null;

  /** The FTS5 MATCH text for what was typed (null: no word in it). */
  match(text: string): string | null {
    if (!PAST_ASCII.test(text)) return ftsQuery(text);
    return ftsQuery(this.tokens(text.normalize('NFKC')).join(' '));
  }

  close(): void {
    this.tokenizer?.db.close();
    this.tokenizer = null;
  }

  /** The words of `text` as the index's tokenizer reads them (folded: lower case, accents off), in order. */
  private tokens(text: string): string[] {
    if (!this.tokenizer) {
      const db = new Database(':memory:');
      db.exec(`
        CREATE VIRTUAL TABLE words USING fts5(text, tokenize = '${ORDER_TOKENIZER}');
        CREATE VIRTUAL TABLE word_list USING fts5vocab(words, instance);
      `);
      const clear = db.prepare('DELETE FROM words');
      const add = db.prepare('INSERT INTO words (rowid, text) VALUES (1, ?)');
      const list = db.prepare('SELECT term FROM word_list ORDER BY "offset"').pluck();
      const read = db.transaction((typed: string) => {
        clear.run();
        add.run(typed);
        return list.all() as string[];
      });
      this.tokenizer = { db, read };
    }
    return this.tokenizer.read(text);
  }
}
