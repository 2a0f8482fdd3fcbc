// The system's SQLite (libsqlite3-dev on Debian and Ubuntu; part of Apple's SDKs).
#include <sqlite3.h>

// `sqlite3_db_config` is variadic, which Swift cannot call: one fixed-argument wrapper per
// integer option the store sets. Returns SQLite's result code; `*result` gets the new setting.
static inline int etch_sqlite3_db_config_int(sqlite3 *db, int option, int value, int *result) {
    return sqlite3_db_config(db, option, value, result);
}
