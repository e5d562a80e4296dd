/* The real headers of the four libraries, as the layout table sees them. */
#include <blend2d.h>
#include <yoga/Yoga.h>
#include <hb.h>
#include <SDL.h>
