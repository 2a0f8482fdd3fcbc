// The system's SQLite (libsqlite3-dev on Debian and Ubuntu; part of Apple's SDKs).
#include <sqlite3.h>
