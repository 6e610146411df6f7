#ifndef YADG_CSQLITE_SHIM_H
#define YADG_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import.
static inline sqlite3_destructor_type yadg_sqlite_transient(void) { return SQLITE_TRANSIENT; }

/// Turns off SQLite's memory statistics, which take a global lock on every allocation (yadg never
/// reads them). Must run before SQLite is initialised; sqlite3_config is variadic.
static inline int yadg_sqlite_no_memstatus(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }

/// Keeps the write-ahead log file (and its -shm index) between runs instead of deleting them when
/// the last connection closes (sqlite3_file_control takes a pointer, which is simpler here). The
/// log's contents are folded into the database at the end of every run and on a schedule
/// (YadgStorage's Storage article, "A database that stands alone"); the file staying means the
/// log keeps its inode while a conversation is open, so its removal can be noticed, and its -shm
/// beside the database shows the home was used. Returns SQLITE_OK or the error.
static inline int yadg_sqlite_persist_wal(sqlite3 *db) {
    int persist = 1;
    return sqlite3_file_control(db, "main", SQLITE_FCNTL_PERSIST_WAL, &persist);
}

#endif
