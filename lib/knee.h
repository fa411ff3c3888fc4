/* knee: placeholder. */
#ifndef HB_KNEE_H
#define HB_KNEE_H
#endif
