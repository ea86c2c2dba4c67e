#ifndef VC_HTTP_H
#define VC_HTTP_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Receives bytes of a response (its body, or one header line); returns `count` to go on,
/// anything else to stop the transfer.
typedef size_t (*vc_http_receiver)(const char *bytes, size_t count, void *context);

/// One HTTP request, as libcurl makes it. Strings are NUL terminated; NULL leaves a setting out.
typedef struct {
    const char *method;
    const char *url;
    /// `Name: value` lines.
    const char *const *headers;
    int header_count;
    const char *body;
    size_t body_length;
    /// The user name and password; when the password is NULL, libcurl reads it from the netrc
    /// file (`netrc_file`, or `~/.netrc`).
    const char *user;
    const char *password;
    const char *netrc_file;
    /// A file of CA certificates to verify the server with, instead of the system's.
    const char *ca_file;
    /// The protocols the request may use: "https", or "http,https".
    const char *protocols;
    long connect_timeout_seconds;
    /// The transfer is given up when fewer than 1 byte a second arrive for this long.
    long stall_timeout_seconds;
} vc_http_request;

/// Whether libcurl (`libcurl.so.4`) can be loaded; it is loaded at the first call.
int vc_http_available(void);

/// Makes `request` (no redirect followed), handing the body and the header lines to the
/// receivers. Returns libcurl's result (0: a response came, whatever its status, which is
/// in `status`); otherwise writes libcurl's message into `error` (`error_size` bytes).
/// -1 when libcurl cannot be loaded.
int vc_http_perform(const vc_http_request *request, vc_http_receiver body, vc_http_receiver header,
                    void *context, long *status, char *error, size_t error_size);

#ifdef __cplusplus
}
#endif

#endif
