#ifndef YADG_CSQLITE_SHIM_H
#define YADG_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import.
static inline sqlite3_destructor_type yadg_sqlite_transient(void) { return SQLITE_TRANSIENT; }

/// Turns off SQLite's memory statistics, which take a global lock on every allocation (yadg never
/// reads them). Must run before SQLite is initialised; sqlite3_config is variadic.
static inline int yadg_sqlite_no_memstatus(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }

/// Keeps the write-ahead log between runs and skips the checkpoint when the last connection
/// closes (sqlite3_db_config is variadic, which Swift cannot call). A one-shot `yadg log` then
/// syncs the disk once, for its commit; the log is folded into the database by SQLite's own
/// automatic checkpoints as it grows. Returns SQLITE_OK or the first error.
static inline int yadg_sqlite_keep_wal(sqlite3 *db) {
    int persist = 1;
    int rc = sqlite3_file_control(db, "main", SQLITE_FCNTL_PERSIST_WAL, &persist);
    if (rc != SQLITE_OK) return rc;
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

#endif
