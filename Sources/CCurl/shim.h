#ifndef YADG_CCURL_SHIM_H
#define YADG_CCURL_SHIM_H
// libcurl, loaded with dlopen the first time an AI request is made. Linking it would make every
// run load ~30 libraries (OpenSSL, GnuTLS, Kerberos, LDAP…) and run their constructors, which
// cost ~8 ms of start-up even with AI off. Also: non-variadic wrappers around the variadic
// curl_easy_setopt/getinfo, which Swift cannot call.
#include <dlfcn.h>
#include <curl/curl.h>

typedef size_t (*yadg_curl_data_fn)(char *, size_t, size_t, void *);
typedef int (*yadg_curl_progress_fn)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t);

typedef struct {
    void *library;
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} yadg_curl_api;

/// The loaded functions. A function-local static, because Swift's importer emits inline
/// functions but not file-level statics.
static inline yadg_curl_api *yadg_curl_api_storage(void) {
    static yadg_curl_api api;
    return &api;
}

/// Loads libcurl and runs curl_global_init; 1 on success. Call once, before other threads use it.
static inline int yadg_curl_load(void) {
    yadg_curl_api *api = yadg_curl_api_storage();
    if (api->library) return 1;
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen("libcurl.so", RTLD_NOW | RTLD_LOCAL);
    if (!library) return 0;
    api->global_init = (CURLcode (*)(long))dlsym(library, "curl_global_init");
    api->easy_init = (CURL * (*)(void)) dlsym(library, "curl_easy_init");
    api->easy_cleanup = (void (*)(CURL *))dlsym(library, "curl_easy_cleanup");
    api->easy_setopt = (CURLcode (*)(CURL *, CURLoption, ...))dlsym(library, "curl_easy_setopt");
    api->easy_perform = (CURLcode (*)(CURL *))dlsym(library, "curl_easy_perform");
    api->easy_getinfo = (CURLcode (*)(CURL *, CURLINFO, ...))dlsym(library, "curl_easy_getinfo");
    api->slist_append = (struct curl_slist * (*)(struct curl_slist *, const char *)) dlsym(library, "curl_slist_append");
    api->slist_free_all = (void (*)(struct curl_slist *))dlsym(library, "curl_slist_free_all");
    if (!api->global_init || !api->easy_init || !api->easy_cleanup || !api->easy_setopt || !api->easy_perform
        || !api->easy_getinfo || !api->slist_append || !api->slist_free_all) {
        return 0;
    }
    if (api->global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) return 0;
    api->library = library;
    return 1;
}

static inline CURL *yadg_curl_easy_init(void) { return yadg_curl_api_storage()->easy_init(); }
static inline void yadg_curl_easy_cleanup(CURL *c) { yadg_curl_api_storage()->easy_cleanup(c); }
static inline CURLcode yadg_curl_easy_perform(CURL *c) { return yadg_curl_api_storage()->easy_perform(c); }
static inline struct curl_slist *yadg_curl_slist_append(struct curl_slist *l, const char *s) {
    return yadg_curl_api_storage()->slist_append(l, s);
}
static inline void yadg_curl_slist_free_all(struct curl_slist *l) { yadg_curl_api_storage()->slist_free_all(l); }

static inline CURLcode yadg_curl_set_long(CURL *c, CURLoption o, long v) { return yadg_curl_api_storage()->easy_setopt(c, o, v); }
static inline CURLcode yadg_curl_set_string(CURL *c, CURLoption o, const char *v) {
    return yadg_curl_api_storage()->easy_setopt(c, o, v);
}
static inline CURLcode yadg_curl_set_headers(CURL *c, struct curl_slist *h) {
    return yadg_curl_api_storage()->easy_setopt(c, CURLOPT_HTTPHEADER, h);
}
static inline CURLcode yadg_curl_set_body(CURL *c, const char *body, long length) {
    CURLcode r = yadg_curl_api_storage()->easy_setopt(c, CURLOPT_POSTFIELDSIZE, length);
    return r != CURLE_OK ? r : yadg_curl_api_storage()->easy_setopt(c, CURLOPT_COPYPOSTFIELDS, body);
}
static inline CURLcode yadg_curl_set_write(CURL *c, yadg_curl_data_fn fn, void *data) {
    CURLcode r = yadg_curl_api_storage()->easy_setopt(c, CURLOPT_WRITEFUNCTION, fn);
    return r != CURLE_OK ? r : yadg_curl_api_storage()->easy_setopt(c, CURLOPT_WRITEDATA, data);
}
static inline CURLcode yadg_curl_set_header_callback(CURL *c, yadg_curl_data_fn fn, void *data) {
    CURLcode r = yadg_curl_api_storage()->easy_setopt(c, CURLOPT_HEADERFUNCTION, fn);
    return r != CURLE_OK ? r : yadg_curl_api_storage()->easy_setopt(c, CURLOPT_HEADERDATA, data);
}
static inline CURLcode yadg_curl_set_progress(CURL *c, yadg_curl_progress_fn fn, void *data) {
    yadg_curl_api_storage()->easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
    CURLcode r = yadg_curl_api_storage()->easy_setopt(c, CURLOPT_XFERINFOFUNCTION, fn);
    return r != CURLE_OK ? r : yadg_curl_api_storage()->easy_setopt(c, CURLOPT_XFERINFODATA, data);
}
static inline long yadg_curl_status(CURL *c) {
    long status = 0;
    yadg_curl_api_storage()->easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
    return status;
}
#endif
