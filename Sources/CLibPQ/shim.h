// The system's libpq, PostgreSQL's client library (libpq-dev on Debian and Ubuntu, libpq in
// Homebrew). pkg-config libpq gives the include directory that holds libpq-fe.h.
#include <libpq-fe.h>

// A notice processor that drops notices ("relation already exists, skipping"), which libpq
// otherwise prints on standard error: the store reports what matters as errors.
static inline void etch_pq_ignore_notice(void *argument, const char *message) {
    (void)argument;
    (void)message;
}

// Makes a connection ignore the server's notices; see etch_pq_ignore_notice.
static inline void etch_pq_ignore_notices(PGconn *connection) {
    PQsetNoticeProcessor(connection, etch_pq_ignore_notice, 0);
}

// The error fields Etch reads (postgres_ext.h defines them as character macros, which Swift
// does not import).
static const int etch_pq_diag_sqlstate = PG_DIAG_SQLSTATE;
static const int etch_pq_diag_message_primary = PG_DIAG_MESSAGE_PRIMARY;
static const int etch_pq_diag_message_detail = PG_DIAG_MESSAGE_DETAIL;
static const int etch_pq_diag_constraint_name = PG_DIAG_CONSTRAINT_NAME;
