// libcurl, loaded at run time: a run that reads no URL never maps it (as libphonenumber,
// through libVCPhone.so, is mapped only by runs that compare phone numbers), and the build
// needs no libcurl headers. The option numbers are libcurl's ABI (curl/curl.h), stable since
// libcurl 7; libcurl.so.4 is every libcurl since 7.16.
#include "vc_http.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

enum {
    OPT_WRITEDATA = 10001, OPT_URL = 10002, OPT_ERRORBUFFER = 10010, OPT_POSTFIELDS = 10015,
    OPT_USERAGENT = 10018, OPT_HTTPHEADER = 10023, OPT_HEADERDATA = 10029, OPT_CUSTOMREQUEST = 10036,
    OPT_CAINFO = 10065, OPT_NETRC_FILE = 10118, OPT_USERNAME = 10173, OPT_PASSWORD = 10174,
    OPT_PROTOCOLS_STR = 10318, OPT_WRITEFUNCTION = 20011, OPT_HEADERFUNCTION = 20079,
    OPT_POSTFIELDSIZE_LARGE = 30120, OPT_LOW_SPEED_LIMIT = 19, OPT_LOW_SPEED_TIME = 20, OPT_NETRC = 51,
    OPT_CONNECTTIMEOUT = 78, OPT_NOSIGNAL = 99, OPT_NOBODY = 44,
    INFO_RESPONSE_CODE = 0x200002,
    NETRC_OPTIONAL = 1, GLOBAL_DEFAULT = 3, ERROR_SIZE = 256,
};

struct slist;
static struct {
    int (*global_init)(long);
    void *(*easy_init)(void);
    int (*easy_setopt)(void *, int, ...);
    int (*easy_perform)(void *);
    int (*easy_getinfo)(void *, int, ...);
    void (*easy_reset)(void *);
    struct slist *(*slist_append)(struct slist *, const char *);
    void (*slist_free_all)(struct slist *);
    const char *(*easy_strerror)(int);
    int loaded;
} curl;

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
#define SYMBOL(field, name) if (!(*(void **)&curl.field = dlsym(library, name))) return;
    SYMBOL(global_init, "curl_global_init")
    SYMBOL(easy_init, "curl_easy_init")
    SYMBOL(easy_setopt, "curl_easy_setopt")
    SYMBOL(easy_perform, "curl_easy_perform")
    SYMBOL(easy_getinfo, "curl_easy_getinfo")
    SYMBOL(easy_reset, "curl_easy_reset")
    SYMBOL(slist_append, "curl_slist_append")
    SYMBOL(slist_free_all, "curl_slist_free_all")
    SYMBOL(easy_strerror, "curl_easy_strerror")
#undef SYMBOL
    if (curl.global_init(GLOBAL_DEFAULT) != 0) return;
    curl.loaded = 1;
}

/// What libcurl's callbacks (`size`, `nitems` and the user's pointer) hand on to ours.
struct receivers {
    vc_http_receiver body, header;
    void *context;
};

static size_t on_body(char *bytes, size_t size, size_t count, void *user) {
    struct receivers *r = user;
    return r->body(bytes, size * count, r->context);
}

static size_t on_header(char *bytes, size_t size, size_t count, void *user) {
    struct receivers *r = user;
    return r->header(bytes, size * count, r->context);
}

int vc_http_available(void) {
    pthread_once(&once, load);
    return curl.loaded;
}

int vc_http_perform(const vc_http_request *request, vc_http_receiver body, vc_http_receiver header,
                    void *context, long *status, char *error, size_t error_size) {
    if (error_size > 0) error[0] = 0;
    *status = 0;
    if (!vc_http_available()) {
        snprintf(error, error_size, "libcurl (libcurl.so.4) could not be loaded");
        return -1;
    }
    // One transfer handle a thread, reset between requests: it keeps its connections (and their
    // TLS sessions) open, so a thousand requests to one server make one connection, not a thousand.
    static __thread void *kept;
    if (kept) curl.easy_reset(kept);
    else kept = curl.easy_init();
    void *easy = kept;
    if (!easy) {
        snprintf(error, error_size, "libcurl could not start a transfer");
        return -1;
    }
    char message[ERROR_SIZE] = {0};
    struct slist *headers = NULL;
    for (int i = 0; i < request->header_count; i++) headers = curl.slist_append(headers, request->headers[i]);
    curl.easy_setopt(easy, OPT_ERRORBUFFER, message);
    curl.easy_setopt(easy, OPT_NOSIGNAL, 1L);
    curl.easy_setopt(easy, OPT_URL, request->url);
    curl.easy_setopt(easy, OPT_PROTOCOLS_STR, request->protocols ? request->protocols : "https");
    curl.easy_setopt(easy, OPT_USERAGENT, "vcf2birthdays");
    if (strcmp(request->method, "HEAD") == 0) curl.easy_setopt(easy, OPT_NOBODY, 1L);
    else if (strcmp(request->method, "GET") != 0) curl.easy_setopt(easy, OPT_CUSTOMREQUEST, request->method);
    if (request->body) {
        curl.easy_setopt(easy, OPT_POSTFIELDSIZE_LARGE, (long long)request->body_length);
        curl.easy_setopt(easy, OPT_POSTFIELDS, request->body);
    }
    if (headers) curl.easy_setopt(easy, OPT_HTTPHEADER, headers);
    if (request->user) curl.easy_setopt(easy, OPT_USERNAME, request->user);
    if (request->password) curl.easy_setopt(easy, OPT_PASSWORD, request->password);
    else {
        curl.easy_setopt(easy, OPT_NETRC, (long)NETRC_OPTIONAL);
        if (request->netrc_file) curl.easy_setopt(easy, OPT_NETRC_FILE, request->netrc_file);
    }
    if (request->ca_file) curl.easy_setopt(easy, OPT_CAINFO, request->ca_file);
    if (request->connect_timeout_seconds > 0) curl.easy_setopt(easy, OPT_CONNECTTIMEOUT, request->connect_timeout_seconds);
    if (request->stall_timeout_seconds > 0) {
        curl.easy_setopt(easy, OPT_LOW_SPEED_LIMIT, 1L);
        curl.easy_setopt(easy, OPT_LOW_SPEED_TIME, request->stall_timeout_seconds);
    }
    struct receivers receivers = {body, header, context};
    curl.easy_setopt(easy, OPT_WRITEFUNCTION, on_body);
    curl.easy_setopt(easy, OPT_WRITEDATA, &receivers);
    curl.easy_setopt(easy, OPT_HEADERFUNCTION, on_header);
    curl.easy_setopt(easy, OPT_HEADERDATA, &receivers);
    int result = curl.easy_perform(easy);
    if (result == 0) curl.easy_getinfo(easy, INFO_RESPONSE_CODE, status);
    else snprintf(error, error_size, "%s", message[0] ? message : curl.easy_strerror(result));
    if (headers) curl.slist_free_all(headers);
    return result;
}
