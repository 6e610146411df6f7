#ifndef YADG_CCURL_SHIM_H
#define YADG_CCURL_SHIM_H
// Non-variadic wrappers around libcurl's variadic curl_easy_setopt/getinfo, which Swift cannot call.
#include <curl/curl.h>

typedef size_t (*yadg_curl_data_fn)(char *, size_t, size_t, void *);
typedef int (*yadg_curl_progress_fn)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t);

static inline CURLcode yadg_curl_set_long(CURL *c, CURLoption o, long v) { return curl_easy_setopt(c, o, v); }
static inline CURLcode yadg_curl_set_string(CURL *c, CURLoption o, const char *v) { return curl_easy_setopt(c, o, v); }
static inline CURLcode yadg_curl_set_pointer(CURL *c, CURLoption o, void *v) { return curl_easy_setopt(c, o, v); }
static inline CURLcode yadg_curl_set_headers(CURL *c, struct curl_slist *h) { return curl_easy_setopt(c, CURLOPT_HTTPHEADER, h); }
static inline CURLcode yadg_curl_set_body(CURL *c, const char *body, long length) {
    CURLcode r = curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE, length);
    return r != CURLE_OK ? r : curl_easy_setopt(c, CURLOPT_COPYPOSTFIELDS, body);
}
static inline CURLcode yadg_curl_set_write(CURL *c, yadg_curl_data_fn fn, void *data) {
    CURLcode r = curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, fn);
    return r != CURLE_OK ? r : curl_easy_setopt(c, CURLOPT_WRITEDATA, data);
}
static inline CURLcode yadg_curl_set_header_callback(CURL *c, yadg_curl_data_fn fn, void *data) {
    CURLcode r = curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, fn);
    return r != CURLE_OK ? r : curl_easy_setopt(c, CURLOPT_HEADERDATA, data);
}
static inline CURLcode yadg_curl_set_progress(CURL *c, yadg_curl_progress_fn fn, void *data) {
    curl_easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
    CURLcode r = curl_easy_setopt(c, CURLOPT_XFERINFOFUNCTION, fn);
    return r != CURLE_OK ? r : curl_easy_setopt(c, CURLOPT_XFERINFODATA, data);
}
static inline long yadg_curl_status(CURL *c) {
    long status = 0;
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
    return status;
}
#endif
